import { CONTACT } from '../../../../shared/constants';
import { ExternalLink, LegalPage } from '../components/LegalPage';

/** The screens of spec section 2 the automated checks open, in every role that can open them. */
const testedPages = [
  'Accueil',
  'Connexion',
  'Inscription',
  'À propos',
  'Politique de confidentialité',
  "Conditions d'utilisation",
  'Cookies',
  "Déclaration d'accessibilité",
  'Catalogue des cours (public et espace membre) et pages des six thématiques',
  "Détail d'un cours",
  'Mon profil',
  'Dépôt du CV des formateurs',
  "Attente d'approbation des formateurs",
  'Mes cours, création et modification de cours',
  "Tableau de bord de l'administrateur",
  "Formateurs en attente, liste des membres et détail d'un utilisateur",
  "Page d'entretien vidéo",
  'Page non trouvée (erreur 404)',
];

/** The accessibility statement in the French RGAA format ("déclaration d'accessibilité"). */
export default function AccessibilityPage() {
  return (
    <LegalPage
      title="Déclaration d'accessibilité"
      intro={
        <p>
          EcoForma s'engage à rendre son site accessible à toutes et à tous, conformément à l'article 47 de la loi n° 2005-102
          du 11 février 2005. Cette déclaration d'accessibilité s'applique au site EcoForma.
        </p>
      }
    >
      <h2>État de conformité</h2>
      <p>
        Le site EcoForma est <strong>partiellement conforme</strong> avec le référentiel général d'amélioration de
        l'accessibilité (RGAA), version 4.1.2, en raison des contenus non accessibles énumérés ci-dessous et de
        l'absence, à ce jour, d'un audit complet des critères du RGAA.
      </p>

      <h2>Résultats des tests</h2>
      <p>
        L'accessibilité du site est vérifiée par deux séries de tests automatisés, qui font partie de la suite de tests du
        projet (<code>npm test</code>) exécutée par l'intégration continue :
      </p>
      <ul>
        <li>
          <strong>Contrôles automatiques axe-core</strong> selon les règles des niveaux A et AA des WCAG 2.0, 2.1 et 2.2
          (étiquettes wcag2a, wcag2aa, wcag21a, wcag21aa et wcag22aa), sur chaque page du site, dans chaque rôle qui peut
          l'ouvrir : visiteur, membre, organisation, formateur en attente, formateur approuvé, administrateur. Les pages
          publiques sont contrôlées dans les six rôles, car la barre de navigation change avec le rôle ; les pages de
          connexion et d'inscription le sont en visiteur seulement, car elles renvoient une personne déjà connectée vers
          son espace. Chaque page est contrôlée sur écran large (1280 pixels) dans chacun de ces rôles, et sur écran de
          téléphone (375 pixels) dans un rôle qui peut l'ouvrir, la page d'accueil l'étant dans les six rôles pour le menu
          mobile ; toujours avec des données réelles, et aussi dans les états qui comptent : formulaires de connexion et d'inscription envoyés vides,
          identifiants refusés, catalogue sans résultat, fenêtre « Planifier une réunion » ouverte, page d'attente avec et
          sans entretien planifié, avis affiché après le refus d'une page réservée. Une seule violation fait échouer la
          suite de tests.
        </li>
        <li>
          <strong>Parcours au clavier seul</strong>, sans souris, avec les seules touches Tab, Maj+Tab, Entrée, Espace,
          flèches et Échap : inscription d'un membre depuis la page d'accueil (boutons radio au clavier compris),
          déconnexion par le menu du compte puis connexion, recherche sans accents dans le catalogue, filtre par
          thématique, ouverture d'un cours et inscription à ce cours. À chaque arrêt de la touche Tab, le test vérifie que
          l'élément qui a le focus est visiblement signalé ; il vérifie aussi que la touche Tab permet toujours de quitter
          la page (aucun piège au clavier), que la touche Échap ferme le menu du compte en rendant le focus à son bouton,
          et que le lien « Aller au contenu principal » mène bien au contenu.
        </li>
      </ul>
      <p>
        Ces contrôles automatiques ne détectent qu'une partie des défauts d'accessibilité. Un audit manuel complet des 106
        critères du RGAA, seul à même de mesurer un taux de conformité, reste à mener ; ses résultats seront publiés sur
        cette page.
      </p>

      <h2>Contenus non accessibles</h2>
      <h3>Non-conformités</h3>
      <p>
        Aucune non-conformité n'est connue à ce jour sur les pages testées. Si vous en rencontrez une, signalez-la-nous
        (voir « Retour d'information et contact »).
      </p>
      <h3>Dérogations pour charge disproportionnée</h3>
      <p>Aucune.</p>
      <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
      <ul>
        <li>
          <strong>La visioconférence Jitsi Meet</strong>, service tiers intégré à la page des entretiens entre formateurs et
          administrateurs : EcoForma n'en maîtrise ni l'interface ni son accessibilité (navigation au clavier dans la
          barre d'outils, restitution par les lecteurs d'écran, absence de sous-titrage en direct). Si cet outil ne vous
          convient pas, écrivez-nous : nous organisons l'entretien par un autre moyen adapté à votre situation.
        </li>
        <li>
          <strong>Les documents déposés par les formateurs</strong> (supports de cours, CV) : leur accessibilité dépend de
          leurs auteurs. Sur demande, nous sollicitons le formateur pour obtenir une version accessible.
        </li>
      </ul>

      <h2>Établissement de cette déclaration</h2>
      <p>Cette déclaration a été établie le 22 novembre 2026.</p>
      <h3>Technologies utilisées pour la réalisation du site</h3>
      <ul>
        <li>HTML</li>
        <li>CSS</li>
        <li>JavaScript</li>
        <li>React</li>
      </ul>
      <h3>Environnement de test</h3>
      <p>
        Les vérifications ont été réalisées avec le navigateur Chromium sous Linux, à une largeur de 1280 pixels (ordinateur)
        et de 375 pixels (téléphone) ; les parcours au clavier, à 1280 pixels. Sur la page d'entretien vidéo, un script de
        remplacement local, qui n'affiche qu'un cadre vide, tient lieu de Jitsi Meet : seule la page qui l'entoure est
        contrôlée, pas l'interface de Jitsi Meet. Aucune technologie d'assistance (lecteur d'écran, logiciel de
        grossissement) n'a encore été utilisée pour ces vérifications.
      </p>
      <h3>Outils pour évaluer l'accessibilité</h3>
      <ul>
        <li>axe-core, exécuté dans le navigateur par Playwright (@axe-core/playwright)</li>
        <li>Playwright, pour les parcours au clavier</li>
      </ul>
      <h3>Pages du site ayant fait l'objet de la vérification de conformité</h3>
      <ul>
        {testedPages.map((page) => (
          <li key={page}>{page}</li>
        ))}
      </ul>

      <h2>Retour d'information et contact</h2>
      <p>
        Si vous n'arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative
        accessible ou obtenir le contenu sous une autre forme :
      </p>
      <ul>
        <li>
          par e-mail : <ExternalLink href={`mailto:${CONTACT.email}`}>{CONTACT.email}</ExternalLink> ;
        </li>
        <li>
          par téléphone : <ExternalLink href={`tel:${CONTACT.phone.replace(/\s+/g, '')}`}>{CONTACT.phone}</ExternalLink> ;
        </li>
        <li>par courrier : EcoForma, {CONTACT.address}.</li>
      </ul>
      <p>Nous nous engageons à vous répondre dans un délai d'un mois.</p>

      <h2>Voies de recours</h2>
      <p>
        Cette procédure est à utiliser dans le cas suivant : vous avez signalé au responsable du site un défaut
        d'accessibilité qui vous empêche d'accéder à un contenu ou à un des services, et vous n'avez pas obtenu de réponse
        satisfaisante. Vous pouvez :
      </p>
      <ul>
        <li>
          écrire un message au Défenseur des droits :{' '}
          <ExternalLink href="https://formulaire.defenseurdesdroits.fr/">formulaire en ligne du Défenseur des droits</ExternalLink> ;
        </li>
        <li>
          contacter le délégué du Défenseur des droits dans votre région :{' '}
          <ExternalLink href="https://www.defenseurdesdroits.fr/saisir/delegues">liste des délégués</ExternalLink> ;
        </li>
        <li>
          envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse 71120,
          75342 Paris CEDEX 07.
        </li>
      </ul>
    </LegalPage>
  );
}
