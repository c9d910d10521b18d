import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Activity } from '../../../../shared/activity';
import { formatShortDateTime, plural } from '../../../../shared/french-format';
import { opportunityTypeLabels } from '../../../../shared/opportunity-types';
import { regionName } from '../../../../shared/regions';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { useActivity } from '../api/activity';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 } as const;
const itemSx = { overflowWrap: 'anywhere' } as const;

function Content({ activity }: { activity: Activity }) {
  const { unread_messages: unread, new_replies: replies, new_opportunities: opportunities } = activity;
  if (unread.count === 0 && replies.length === 0 && opportunities.length === 0) {
    return <Typography color="text.secondary">Rien de nouveau pour le moment : ni message non lu, ni réponse dans les discussions que vous suivez, ni opportunité récente.</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <Section title="Messages">
        {unread.count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Aucun message non lu.
          </Typography>
        ) : (
          <>
            <Link component={RouterLink} to={webPaths.messages()} variant="body2" sx={{ fontWeight: 600 }}>
              {plural(unread.count, 'message non lu', 'messages non lus')}
            </Link>
            <Box component="ul" sx={{ ...listSx, mt: 0.5 }}>
              {unread.latest.map((m) => (
                <Box component="li" key={m.conversation_id} sx={itemSx}>
                  <Link component={RouterLink} to={webPaths.messages(m.conversation_id)} variant="body2">
                    {m.from_name}
                  </Link>
                  <Typography variant="body2" color="text.secondary" component="span">
                    {' '}
                    : {m.excerpt}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        )}
      </Section>
      <Section title="Réponses dans vos discussions">
        {replies.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Aucune nouvelle réponse.
          </Typography>
        ) : (
          <Box component="ul" sx={listSx}>
            {replies.map((r) => (
              <Box component="li" key={r.thread_id} sx={itemSx}>
                <Link component={RouterLink} to={webPaths.courseDiscussions(r.course_id, r.thread_id)} variant="body2">
                  {r.thread_title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {r.course_title} · {formatShortDateTime(r.at)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section title="Nouvelles opportunités">
        {opportunities.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Aucune opportunité récente.
          </Typography>
        ) : (
          <Box component="ul" sx={listSx}>
            {opportunities.map((o) => (
              <Box component="li" key={o.id} sx={itemSx}>
                <Link component={RouterLink} to={webPaths.opportunity(o.id)} variant="body2">
                  {o.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {opportunityTypeLabels[o.type]} · {regionName(o.region)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </Box>
  );
}

/**
 * « Votre activité » (issue 26), at the top of the page a person lands on after signing in: their
 * unread messages, the new replies in the discussions they follow and the recent opportunities of
 * their domains, each with its link; kept current by the live events. Nothing for a visitor.
 */
export function ActivityPanel() {
  const userId = useSession((state) => state.user?.id);
  if (userId === undefined) return null;
  return <SignedInPanel userId={userId} />;
}

function SignedInPanel({ userId }: { userId: number }) {
  const activity = useActivity(userId);
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, mb: 3 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Votre activité
      </Typography>
      {activity.data ? (
        <Content activity={activity.data} />
      ) : activity.error ? (
        <Alert severity="error">{activity.error.message}</Alert>
      ) : (
        <Typography color="text.secondary">Chargement de votre activité…</Typography>
      )}
    </Paper>
  );
}
