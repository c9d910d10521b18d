import { CONTACT } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { ExternalLink, LegalPage, PageLink } from '../components/LegalPage';

interface Processing {
  what: string;
  data: string;
  why: string;
  basis: string;
  duration: string;
}

/** Every personal data set the platform stores (see src/server/db/schema.ts), and its rules. */
const processings: Processing[] = [
  {
    what: 'Compte utilisateur',
    data: "Nom, prénom, adresse e-mail, genre, date de naissance, numéro de téléphone (facultatif), rôle (membre, formateur ou organisation), date de création. Le mot de passe n'est jamais conservé : seule son empreinte argon2id l'est.",
    why: 'Créer et gérer votre compte, vous identifier, vous donner accès aux formations et vous contacter au sujet de votre compte.',
    basis: "Exécution du contrat (article 6.1.b du RGPD) : nos conditions d'utilisation.",
    duration:
      'Tant que votre compte existe. Les données sont effacées lors de la suppression du compte, que vous pouvez faire vous-même depuis Mon profil › Paramètres.',
  },
  {
    what: 'Confirmation et changement de votre adresse e-mail',
    data: "La date à laquelle vous avez confirmé votre adresse ; pour un lien envoyé par e-mail (confirmation, changement d'adresse, mot de passe), son empreinte, la nouvelle adresse demandée, ses dates de création, d'expiration et d'utilisation.",
    why: "Vérifier que l'adresse de votre compte est bien la vôtre et qu'un changement d'adresse est voulu par vous.",
    basis: 'Exécution du contrat (article 6.1.b du RGPD).',
    duration: "Un lien expire au plus tard 7 jours après son envoi (24 heures pour un changement d'adresse) et ne sert qu'une fois ; tout est effacé avec le compte.",
  },
  {
    what: 'E-mails envoyés',
    data: "Le destinataire, le type de message, l'état et les dates d'envoi. Le contenu est effacé dès l'envoi.",
    why: 'Vous envoyer les e-mails liés à votre compte, sans en perdre si le serveur de messagerie est indisponible.',
    basis: 'Exécution du contrat (article 6.1.b du RGPD).',
    duration: '30 jours après l’envoi, ou jusqu’à la suppression du compte si elle vient avant.',
  },
  {
    what: 'Progression et attestations de fin de formation',
    data: 'Leçons terminées, tentatives de quiz (réponses et scores), attestations délivrées : nom imprimé, cours, dates, résultats et code de vérification.',
    why: 'Suivre votre formation, la reprendre où vous en étiez et prouver que vous l’avez suivie.',
    basis: 'Exécution du contrat (article 6.1.b du RGPD) ; pour les attestations, les obligations de l’organisme de formation (article 6.1.c du RGPD).',
    duration:
      'La progression et les tentatives de quiz tant que votre compte existe. Une attestation délivrée reste vérifiable après la suppression du compte, sans lien avec lui : seuls le nom imprimé, le cours, les dates et les résultats sont gardés.',
  },
  {
    what: 'CV des formateurs',
    data: "Le fichier CV (PDF, DOC ou DOCX), son nom d'origine, sa taille et sa date de dépôt.",
    why: 'Étudier votre candidature de formateur avant de vous autoriser à publier des cours.',
    basis: 'Mesures précontractuelles prises à votre demande (article 6.1.b du RGPD).',
    duration: 'Tant que votre compte existe, pour que les administrateurs puissent revenir sur votre candidature. Un nouveau dépôt remplace et efface le précédent ; le fichier est effacé avec le compte.',
  },
  {
    what: 'Entretiens',
    data: "Date et heure de l'entretien, lien de la salle de visioconférence, administrateur qui l'a programmé.",
    why: "Organiser l'entretien vidéo de validation des formateurs.",
    basis: 'Mesures précontractuelles prises à votre demande (article 6.1.b du RGPD).',
    duration: 'Tant que votre compte existe. Les entretiens ne sont pas enregistrés.',
  },
  {
    what: 'Inscriptions aux cours',
    data: 'Les cours auxquels vous êtes inscrit ou que vous avez sauvegardés, avec leur date.',
    why: 'Vous donner accès aux cours choisis et retrouver vos formations.',
    basis: 'Exécution du contrat (article 6.1.b du RGPD).',
    duration: 'Tant que votre compte existe.',
  },
  {
    what: 'Cours publiés par les formateurs',
    data: 'Titre, description, prix, fichiers du cours et nom du formateur affiché comme auteur.',
    why: 'Publier vos cours dans le catalogue.',
    basis: 'Exécution du contrat (article 6.1.b du RGPD).',
    duration: 'Tant que le cours est publié et au plus tant que votre compte existe.',
  },
  {
    what: 'Échecs de connexion',
    data: "Date de la tentative, adresse IP et, s'il existe, le compte visé.",
    why: 'Protéger les comptes contre les essais de mots de passe : verrouillage temporaire après 5 échecs en 15 minutes et limitation par adresse IP.',
    basis: 'Intérêt légitime : la sécurité du service et de vos données (article 6.1.f du RGPD).',
    duration: "De 15 minutes à 24 heures selon l'usage, puis effacement.",
  },
  {
    what: 'Sessions de connexion',
    data: "L'empreinte SHA-256 de votre jeton de session (le jeton lui-même n'est jamais conservé sur nos serveurs) et sa date d'expiration.",
    why: 'Vous garder connecté entre deux pages.',
    basis: 'Exécution du contrat (article 6.1.b du RGPD).',
    duration: '12 heures, ou 30 jours si vous cochez « Se souvenir de moi ». La session est supprimée dès votre déconnexion.',
  },
  {
    what: "Journal des actions d'administration",
    data: "Action effectuée (approbation, révocation, refus, suppression, téléchargement d'un CV, programmation d'un entretien, décisions sur les cours et les attestations), administrateur, date, nom et adresse e-mail de la personne concernée.",
    why: "Pouvoir rendre compte des décisions prises sur les comptes et détecter un usage abusif des droits d'administration.",
    basis: 'Intérêt légitime : la traçabilité des décisions (article 6.1.f du RGPD).',
    duration:
      "5 ans à compter de l'action, durée de la prescription de droit commun. Si vous supprimez votre compte, les lignes qui vous concernent ne vous désignent plus que par un numéro de compte, sans nom, adresse ni motif écrit.",
  },  {
    what: 'Preuves de formation',
    data: "Pour chaque formation suivie : programme, présence et temps passé, résultats des évaluations, attestation et certificat de réalisation, réponses aux questionnaires de satisfaction, relances envoyées et échanges avec le formateur.",
    why: 'Justifier auprès des financeurs (OPCO, employeurs, CPF) et de l’auditeur Qualiopi que la formation a bien été réalisée.',
    basis: 'Obligation légale : preuve de la réalisation des actions de formation (articles L6353-1 et R6313-3 du Code du travail).',
    duration:
      "La durée de conservation fixée par l'organisme de formation (6 ans par défaut) à compter de la fin de la formation. Si vous supprimez votre compte, seules les preuves que la loi demande de garder (programme, présence, évaluations, attestation et certificat de réalisation) sont conservées sous votre nom jusqu'à cette date, puis supprimées ; vos avis et vos messages ne le sont pas.",
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Politique de confidentialité"
      updated="25 novembre 2026"
      intro={
        <p>
          EcoForma protège vos données personnelles. Cette page explique quelles données nous conservons, pourquoi,
          combien de temps, qui peut y accéder et comment exercer vos droits, conformément au règlement général sur la
          protection des données (RGPD, règlement (UE) 2016/679) et à la loi n° 78-17 du 6 janvier 1978 modifiée, dite
          « Informatique et Libertés ».
        </p>
      }
    >
      <h2>Responsable du traitement</h2>
      <p>
        Le responsable du traitement est EcoForma, {CONTACT.address}. Pour toute question sur vos données, écrivez à{' '}
        <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink>.
      </p>

      <h2>Les données que nous conservons, pourquoi et combien de temps</h2>
      <p>
        Nous ne collectons que les données nécessaires au service. Aucune donnée n'est vendue, louée ni utilisée à des
        fins publicitaires, et aucune décision automatisée ne vous concerne : l'approbation d'un formateur est toujours
        décidée par un administrateur.
      </p>
      {processings.map((processing) => (
        <section key={processing.what}>
          <h3>{processing.what}</h3>
          <ul>
            <li>
              <strong>Données :</strong> {processing.data}
            </li>
            <li>
              <strong>Finalité :</strong> {processing.why}
            </li>
            <li>
              <strong>Base légale :</strong> {processing.basis}
            </li>
            <li>
              <strong>Durée de conservation :</strong> {processing.duration}
            </li>
          </ul>
        </section>
      ))}
      <p>
        Votre navigateur conserve aussi votre session dans son stockage local ; la page{' '}
        <PageLink to={webPaths.cookies}>Cookies</PageLink> le détaille.
      </p>

      <h2>Ce que devient chaque donnée quand vous supprimez votre compte</h2>
      <p>
        Vous pouvez supprimer votre compte vous-même depuis <PageLink to={webPaths.profile}>Mon profil</PageLink>, onglet
        « Paramètres », rubrique « Mes données », avec votre mot de passe. Toutes vos sessions sont alors fermées
        immédiatement, puis :
      </p>
      <ul>
        <li>
          <strong>Effacés :</strong> votre compte et vos informations personnelles, vos sessions, vos entretiens, vos
          inscriptions, vos cours sauvegardés, votre progression, vos tentatives de quiz, les liens envoyés par e-mail,
          les e-mails en attente ou envoyés à votre adresse, et vos fichiers (CV, photo, fichiers de vos cours non publiés).
        </li>
        <li>
          <strong>Gardées comme preuve, sans lien avec vous :</strong> les attestations déjà délivrées, qui restent
          vérifiables par leur code avec le nom qui y est imprimé, le cours, les dates et les résultats obtenus ; et le
          journal des actions d'administration, 5 ans, où vous n'êtes plus désigné que par un numéro de compte.
        </li>
        <li>
          <strong>Cours publiés :</strong> si vous êtes l'auteur d'un cours publié ou suivi par des apprenants, la
          suppression attend que l'équipe l'ait confié à un autre formateur ou retiré ; écrivez-nous pour cela.
        </li>
        <li>
          <strong>Comptes administrateurs :</strong> ils sont supprimés par un autre administrateur.
        </li>
      </ul>
      <p>
        Aucun e-mail ne vous est envoyé après la suppression : votre adresse ne figure plus nulle part chez nous. Une
        nouvelle inscription avec la même adresse est possible aussitôt.
      </p>

      <h2>Qui reçoit vos données</h2>
      <ul>
        <li>
          <strong>Les administrateurs d'EcoForma</strong>, et eux seuls, consultent les comptes, les CV et les entretiens,
          dans la limite de leurs missions : valider les formateurs, gérer les comptes et répondre à vos demandes.
        </li>
        <li>
          <strong>Le service de visioconférence Jitsi Meet</strong>, intégré à la page de l'entretien, reçoit pendant
          l'entretien votre nom affiché, votre adresse IP et vos flux audio et vidéo. Il n'est sollicité que lorsqu'un
          entretien est ouvert ; sa propre politique de confidentialité s'applique aux données qu'il traite.
        </li>
        <li>
          <strong>Notre prestataire d'hébergement</strong>, en qualité de sous-traitant lié par contrat (article 28 du
          RGPD), qui n'accède pas à vos données pour son propre compte.
        </li>
        <li>
          <strong>Les autorités</strong>, uniquement sur réquisition légale.
        </li>
      </ul>
      <p>
        Les membres et les organisations ne voient pas les données des autres utilisateurs. Le nom d'un formateur est
        affiché publiquement comme auteur de ses cours.
      </p>

      <h2>Comment nous protégeons vos données</h2>
      <ul>
        <li>Les mots de passe sont conservés sous forme d'empreinte argon2id, jamais en clair.</li>
        <li>Les jetons de session ne sont conservés que sous forme d'empreinte et n'apparaissent jamais dans une adresse web.</li>
        <li>Les CV ne sont accessibles qu'aux administrateurs et sont vérifiés d'après leur contenu lors du dépôt.</li>
        <li>Les connexions répétées en échec verrouillent temporairement le compte visé.</li>
        <li>Chaque action d'administration est journalisée.</li>
      </ul>

      <h2>Vos droits</h2>
      <p>Au titre du RGPD, vous disposez à tout moment des droits suivants sur vos données :</p>
      <ul>
        <li>
          <strong>Droit d'accès</strong> (article 15) : savoir quelles données nous détenons sur vous et en obtenir une copie.
        </li>
        <li>
          <strong>Droit de rectification</strong> (article 16) : faire corriger des données inexactes ou incomplètes. Vous
          pouvez modifier vous-même la plupart d'entre elles depuis votre page <PageLink to={webPaths.profile}>Mon profil</PageLink>.
        </li>
        <li>
          <strong>Droit à l'effacement</strong> (article 17) : obtenir la suppression de votre compte et de vos données.
        </li>
        <li>
          <strong>Droit à la limitation</strong> (article 18) : faire geler l'utilisation de vos données, par exemple le
          temps de vérifier une contestation.
        </li>
        <li>
          <strong>Droit à la portabilité</strong> (article 20) : recevoir les données que vous nous avez fournies dans un
          format structuré et lisible par machine.
        </li>
        <li>
          <strong>Droit d'opposition</strong> (article 21) : vous opposer aux traitements fondés sur notre intérêt légitime,
          pour des raisons tenant à votre situation particulière.
        </li>
        <li>
          <strong>Directives après décès</strong> (article 85 de la loi Informatique et Libertés) : définir le sort de vos
          données après votre décès.
        </li>
      </ul>

      <h2>Comment exercer vos droits</h2>
      <p>
        Écrivez-nous à <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink> ou par courrier à
        EcoForma, {CONTACT.address}, en précisant le droit que vous souhaitez exercer. Envoyez votre demande depuis
        l'adresse e-mail de votre compte : en cas de doute raisonnable sur votre identité, nous pourrons vous demander un
        justificatif.
      </p>
      <p>
        Nous vous répondons dans un délai d'un mois à compter de la réception de votre demande. Ce délai peut être
        prolongé de deux mois si la demande est complexe ou si nous en recevons un grand nombre ; nous vous en informons
        alors avant la fin du premier mois, en indiquant pourquoi (article 12 du RGPD). L'exercice de vos droits est
        gratuit.
      </p>

      <h2>Réclamation auprès de la CNIL</h2>
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une
        réclamation à la Commission nationale de l'informatique et des libertés (CNIL) :{' '}
        <ExternalLink href="https://www.cnil.fr/fr/plaintes">www.cnil.fr/fr/plaintes</ExternalLink>, ou par courrier à
        CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07.
      </p>

      <h2>Modifications de cette politique</h2>
      <p>
        Nous mettons cette page à jour lorsque nos traitements évoluent ; la date de dernière mise à jour figure en haut
        de la page. Les traitements nouveaux ne s'appliquent à vos données qu'après leur publication ici.
      </p>
    </LegalPage>
  );
}
