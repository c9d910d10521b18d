import { webPaths } from '../../../../shared/web-paths';
import type { MailTemplate } from './types';

/** What the weekly digest job stores for one person. */
export interface OpportunityDigestMailData {
  firstname: string;
  /** One line per new opportunity: its type, title, region, and its page (a path of the platform). */
  opportunities: { label: string; path: string }[];
  /** The list's page, with the person's domains. */
  listPath: string;
  /**
   * The digest's one-click unsubscribe address for this person and address (decision 024). Absent only
   * in digests queued before it existed: their footer points to the profile's settings.
   */
  unsubscribePath?: string;
}

/** The opt-in weekly digest of new opportunities in the person's domains (issue 26). */
export const opportunityDigest: MailTemplate<OpportunityDigestMailData> = (data, { baseUrl }) => ({
  subject: data.opportunities.length === 1 ? 'Une nouvelle opportunité dans vos domaines' : `${data.opportunities.length} nouvelles opportunités dans vos domaines`,
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: [
    'Voici les opportunités publiées cette semaine sur EcoForma dans les domaines que vous suivez :',
    ...data.opportunities.map((o) => `• ${o.label} — ${baseUrl}${o.path}`),
  ],
  action: { label: 'Voir les opportunités', url: `${baseUrl}${data.listPath}` },
  unsubscribe: {
    reason: 'Vous recevez ce récapitulatif hebdomadaire car vous l’avez demandé dans Mon profil › Paramètres.',
    url: `${baseUrl}${data.unsubscribePath ?? webPaths.profile}`,
  },
});
