import { CONTACT, CV_MAX_BYTES, PASSWORD_MIN_LENGTH, REFUND_GUARANTEE_DAYS, USUAL_RESPONSE_DELAY } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { ExternalLink, LegalPage, PageLink } from '../components/LegalPage';

const cvMaxMegabytes = CV_MAX_BYTES / (1024 * 1024);

export default function TermsPage() {
  return (
    <LegalPage
      title="Conditions d'utilisation"
      updated="22 novembre 2026"
      intro={
        <p>
          Les présentes conditions régissent l'utilisation de la plateforme EcoForma. En créant un compte, vous les
          acceptez ; lisez-les attentivement.
        </p>
      }
    >
      <h2>1. Éditeur de la plateforme</h2>
      <p>
        EcoForma, {CONTACT.address}. Contact : <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink>,{' '}
        {CONTACT.phone}.
      </p>

      <h2>2. Objet du service</h2>
      <p>
        EcoForma est une plateforme de formation en ligne et de mise en réseau consacrée au développement durable :
        responsabilité sociétale des entreprises (RSE), écologie, biodiversité, éco-agriculture, gestion des déchets et
        éco-construction. Elle met en relation des apprenants, des organisations et des formateurs approuvés.
      </p>

      <h2>3. Les rôles</h2>
      <ul>
        <li>
          <strong>Membre</strong> : personne qui se forme ; elle consulte le catalogue, s'inscrit aux cours et gère son
          profil.
        </li>
        <li>
          <strong>Organisation</strong> : entreprise, collectivité ou association qui forme ses équipes ; elle dispose des
          mêmes accès qu'un membre.
        </li>
        <li>
          <strong>Formateur</strong> : expert qui conçoit et publie des cours, une fois approuvé par un administrateur.
        </li>
        <li>
          <strong>Administrateur</strong> : membre de l'équipe EcoForma chargé de valider les formateurs, de conduire les
          entretiens et de gérer les comptes.
        </li>
      </ul>

      <h2>4. Création et sécurité du compte</h2>
      <ul>
        <li>Vous fournissez des informations exactes et les tenez à jour depuis votre profil.</li>
        <li>Un compte est personnel : ne le partagez pas et n'en créez pas plusieurs pour une même personne.</li>
        <li>
          Votre mot de passe compte au moins {PASSWORD_MIN_LENGTH} caractères et reste confidentiel. Après plusieurs
          tentatives de connexion en échec, le compte est temporairement verrouillé pour le protéger.
        </li>
        <li>
          Prévenez-nous sans délai à <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink> si
          vous pensez que votre compte a été utilisé par quelqu'un d'autre.
        </li>
      </ul>

      <h2>5. Approbation des formateurs</h2>
      <p>
        Après son inscription, un formateur dépose son CV (PDF, DOC ou DOCX, {cvMaxMegabytes} Mo au plus). Un
        administrateur l'étudie puis organise un entretien vidéo. À l'issue de l'entretien, l'administrateur approuve ou
        refuse la candidature ; nous répondons habituellement {USUAL_RESPONSE_DELAY}.
      </p>
      <p>
        Tant qu'il n'est pas approuvé, le formateur accède seulement à la page de suivi de sa candidature, au dépôt de son
        CV et à son profil. L'approbation peut être révoquée si le formateur ne respecte plus les présentes conditions ;
        ses cours peuvent alors être retirés du catalogue.
      </p>

      <h2>6. Règles de publication des cours</h2>
      <p>Seuls les formateurs approuvés et les administrateurs publient des cours. En publiant un cours, le formateur s'engage à ce que :</p>
      <ul>
        <li>le cours porte sur le développement durable et corresponde à la thématique choisie ;</li>
        <li>
          son contenu soit exact, à jour et sourcé, sans allégation environnementale trompeuse (« écoblanchiment ») ;
        </li>
        <li>
          il détienne les droits sur les textes, images, vidéos et documents utilisés, et que le cours ne contienne aucun
          contenu illicite, discriminatoire, publicitaire ni aucune donnée personnelle d'autrui ;
        </li>
        <li>la description, la durée et le prix (en euros, toutes taxes comprises) soient fidèles au cours proposé.</li>
      </ul>
      <p>
        Le formateur concède à EcoForma, pour la durée de publication, le droit non exclusif d'héberger, de reproduire et
        d'afficher son cours sur la plateforme, aux seules fins du service. EcoForma peut retirer sans délai un contenu
        manifestement illicite ou contraire à ces règles, et en informe le formateur.
      </p>

      <h2>7. Inscription aux cours</h2>
      <p>
        Les membres et les organisations s'inscrivent aux cours depuis le catalogue. L'accès à un cours est personnel. Le
        prix affiché en euros, toutes taxes comprises, est celui applicable au moment de l'inscription.
      </p>
      <p>
        Chaque cours bénéficie d'une garantie de remboursement de {REFUND_GUARANTEE_DAYS} jours : sur simple demande
        adressée à <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink> dans les{' '}
        {REFUND_GUARANTEE_DAYS} jours suivant l'inscription, le prix payé vous est remboursé. Cette garantie s'ajoute aux
        droits que le Code de la consommation reconnaît aux consommateurs.
      </p>

      <h2>8. Utilisation acceptable</h2>
      <p>Il est interdit :</p>
      <ul>
        <li>d'accéder ou de tenter d'accéder aux données d'autres utilisateurs ;</li>
        <li>de perturber le service, d'en extraire massivement les contenus ou de contourner ses mesures de sécurité ;</li>
        <li>de copier ou de diffuser les cours en dehors de la plateforme sans l'accord de leur auteur ;</li>
        <li>d'adopter un comportement injurieux ou discriminatoire, notamment lors des entretiens vidéo.</li>
      </ul>

      <h2>9. Propriété intellectuelle</h2>
      <p>
        La plateforme, sa marque et ses contenus éditoriaux appartiennent à EcoForma. Chaque cours reste la propriété de
        son auteur ; l'inscription donne un droit d'usage personnel, non transférable.
      </p>

      <h2>10. Responsabilité</h2>
      <p>
        EcoForma met tout en œuvre pour assurer l'accès au service et la sécurité des données (obligation de moyens). Le
        service peut être interrompu pour maintenance ; nous limitons ces interruptions. Les formateurs sont responsables
        du contenu de leurs cours ; EcoForma agit en qualité d'hébergeur de ces contenus au sens de la loi n° 2004-575 du
        21 juin 2004 pour la confiance dans l'économie numérique et retire promptement tout contenu illicite qui lui est
        signalé. Les formations ne remplacent pas un conseil juridique ou technique adapté à votre situation.
      </p>

      <h2>11. Suspension et suppression du compte</h2>
      <p>
        Vous pouvez demander à tout moment la suppression de votre compte en écrivant à{' '}
        <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink>. En cas de manquement grave aux
        présentes conditions, un administrateur peut désactiver ou supprimer un compte ; sauf urgence, l'utilisateur en est
        informé et peut présenter ses observations.
      </p>

      <h2>12. Données personnelles</h2>
      <p>
        Le traitement de vos données est décrit dans la <PageLink to={webPaths.privacy}>politique de confidentialité</PageLink>{' '}
        et l'usage du stockage de votre navigateur sur la page <PageLink to={webPaths.cookies}>Cookies</PageLink>.
      </p>

      <h2>13. Modification des conditions</h2>
      <p>
        EcoForma peut faire évoluer ces conditions. La version en vigueur est toujours publiée sur cette page, avec sa
        date ; une modification importante s'applique trente jours après sa publication.
      </p>

      <h2>14. Droit applicable et litiges</h2>
      <p>
        Les présentes conditions sont régies par le droit français. En cas de différend, contactez-nous d'abord pour
        rechercher une solution amiable. À défaut, le litige est porté devant les juridictions françaises compétentes ; si
        vous êtes consommateur, vous pouvez saisir, à votre choix, la juridiction du lieu où vous demeuriez lors de la
        conclusion du contrat ou de la survenance du fait dommageable (article R. 631-3 du Code de la consommation).
      </p>
    </LegalPage>
  );
}
