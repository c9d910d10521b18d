import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { meetingRoomState } from '../../../../shared/meetings';
import { INTERVIEW_CARD_ID, InterviewCard } from '../../../components/InterviewCard';
import { useSession } from '../../../lib/session';
import { MyCoursesActivity } from '../../courses';
import { DirectorySettings, PhotoSettings } from '../../directory';
import { DigestSettings } from '../../opportunities';
import { MyOrganisations } from '../../organisations';
import { useProfile } from '../api/get-profile';
import { AccountStatus } from '../components/AccountStatus';
import { ChangeEmailForm } from '../components/ChangeEmailForm';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { MyDataSection } from '../components/MyDataSection';
import { OrganisationInfo } from '../components/OrganisationInfo';
import { EmailPreferences } from '../components/EmailPreferences';
import { PersonalInfo } from '../components/PersonalInfo';
import { ProfileSummary } from '../components/ProfileSummary';
import { profileErrorMessages, profileLoadError } from '../profile-errors';
import { usePageTitle } from '../../../lib/page-title';

const PERSONAL_TAB_ID = 'profil-onglet-informations';
const PERSONAL_PANEL_ID = 'profil-panneau-informations';
const ACTIVITY_TAB_ID = 'profil-onglet-activite';
const ACTIVITY_PANEL_ID = 'profil-panneau-activite';
const SETTINGS_TAB_ID = 'profil-onglet-parametres';
const SETTINGS_PANEL_ID = 'profil-panneau-parametres';
const ORGANISATIONS_TAB_ID = 'profil-onglet-organisations';
const ORGANISATIONS_PANEL_ID = 'profil-panneau-organisations';

/** The signed-in user's own profile (spec section 2, "Profile"). */
export default function ProfilePage() {
  const user = useSession((state) => state.user);
  if (!user) {
    // The guard normally prevents this; it can happen if the session ends while the page is open.
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="warning">{profileErrorMessages.noToken}</Alert>
      </Container>
    );
  }
  return <ProfileContent userId={user.id} hasMeetingFlag={user.hasMeeting} emailConfirmedFlag={user.emailConfirmed !== false} />;
}

function ProfileContent({ userId, hasMeetingFlag, emailConfirmedFlag }: { userId: number; hasMeetingFlag: boolean; emailConfirmedFlag: boolean }) {
  const profile = useProfile(userId);
  const meetingDate = profile.data?.meeting_date ?? null;
  // Only an interview that is not over counts: a past one neither shows 'Mes rendez-vous' nor its dot.
  const hasMeeting = meetingDate !== null && meetingRoomState(meetingDate) !== 'over';
  const loaded = Boolean(profile.data);
  const [tab, setTab] = useState(0);
  const { hash } = useLocation();
  const { refetch } = profile;
  const refetchProfile = useCallback(() => void refetch(), [refetch]);

  usePageTitle('Mon profil');

  // The account menu's 'Mes rendez-vous' entry follows the interview the profile reports.
  useEffect(() => {
    if (loaded && hasMeeting !== hasMeetingFlag) useSession.getState().updateUser({ hasMeeting });
  }, [loaded, hasMeeting, hasMeetingFlag]);

  // The confirmation banner follows what the profile says (a link opened on another device, an address an administrator corrected).
  const emailConfirmed = profile.data?.email_confirmed;
  useEffect(() => {
    if (emailConfirmed !== undefined && emailConfirmed !== emailConfirmedFlag) useSession.getState().updateUser({ emailConfirmed });
  }, [emailConfirmed, emailConfirmedFlag]);

  // The bell's invitations lead to the « Organisations » tab (issue 25).
  const role = profile.data?.role;
  useEffect(() => {
    if (role === 'membre' && hash === '#organisations') setTab(3);
  }, [role, hash]);

  // The directory's « Gérer ma présence » leads to the settings (issue 26).
  useEffect(() => {
    if (loaded && hash === '#annuaire') setTab(2);
  }, [loaded, hash]);

  // 'Mes rendez-vous' links to the card: bring it into view once the profile is there.
  useEffect(() => {
    if (loaded && hash === `#${INTERVIEW_CARD_ID}`) document.getElementById(INTERVIEW_CARD_ID)?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  if (profile.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Chargement du profil" />
      </Box>
    );
  }
  if (profile.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              Réessayer
            </Button>
          }
        >
          {profileLoadError(profile.error)}
        </Alert>
      </Container>
    );
  }

  const data = profile.data;
  // A pending account keeps its interview card; anyone else sees it while the interview is not over.
  const showInterview = data.meeting_date !== null && (!data.is_valid || hasMeeting);
  const isOrganisation = data.role === 'organisme';
  const isLearner = data.role === 'membre';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, gap: 3, alignItems: 'start' }}>
        <Stack spacing={3}>
          <ProfileSummary profile={data} />
          {showInterview && <InterviewCard meetingDate={data.meeting_date!} meetingUrl={data.meeting_url} onRoomOpen={refetchProfile} />}
        </Stack>

        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Sections du profil" variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
            <Tab label={isOrganisation ? "Informations de l'organisation" : 'Informations personnelles'} id={PERSONAL_TAB_ID} aria-controls={PERSONAL_PANEL_ID} />
            <Tab label="Activité" id={ACTIVITY_TAB_ID} aria-controls={ACTIVITY_PANEL_ID} />
            <Tab label="Paramètres" id={SETTINGS_TAB_ID} aria-controls={SETTINGS_PANEL_ID} />
            {isLearner && <Tab label="Organisations" id={ORGANISATIONS_TAB_ID} aria-controls={ORGANISATIONS_PANEL_ID} />}
          </Tabs>
          <Box role="tabpanel" id={PERSONAL_PANEL_ID} aria-labelledby={PERSONAL_TAB_ID} hidden={tab !== 0} sx={{ p: { xs: 2.5, sm: 4 } }}>
            {/* An organisation is not a person: its own details, no gender nor birth date (decision 025). */}
            {isOrganisation ? <OrganisationInfo profile={data} /> : <PersonalInfo profile={data} />}
            <AccountStatus profile={data} />
          </Box>
          <Box role="tabpanel" id={ACTIVITY_PANEL_ID} aria-labelledby={ACTIVITY_TAB_ID} hidden={tab !== 1} sx={{ p: { xs: 2.5, sm: 4 } }}>
            {tab === 1 && <MyCoursesActivity />}
          </Box>
          <Box role="tabpanel" id={SETTINGS_PANEL_ID} aria-labelledby={SETTINGS_TAB_ID} hidden={tab !== 2} sx={{ p: { xs: 2.5, sm: 4 } }}>
            {tab === 2 && (
              <Stack spacing={5}>
                <ChangePasswordForm />
                <ChangeEmailForm currentEmail={data.email} />
                <PhotoSettings userId={userId} firstname={data.firstname} lastname={data.lastname} />
                <DirectorySettings isApprovedTrainer={data.role === 'formateur' && data.is_valid} trainerId={userId} />
                <DigestSettings />
                <EmailPreferences userId={userId} />
                <MyDataSection />
              </Stack>
            )}
          </Box>
          {isLearner && (
            <Box role="tabpanel" id={ORGANISATIONS_PANEL_ID} aria-labelledby={ORGANISATIONS_TAB_ID} hidden={tab !== 3} sx={{ p: { xs: 2.5, sm: 4 } }}>
              {tab === 3 && <MyOrganisations />}
            </Box>
          )}
        </Paper>
      </Box>
    </Container>
  );
}
