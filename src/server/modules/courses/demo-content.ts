import type { CourseInformation } from '../../../shared/learning';

/** A text lesson of the demo catalogue (demo-seed.ts adds each course's PDF sheet and the demo video). */
export interface DemoLesson {
  title: string;
  durationMinutes: number;
  bodyMarkdown: string;
}

export interface DemoSection {
  title: string;
  lessons: DemoLesson[];
}

/** What a demo course holds beyond its card: the public information and the programme. */
export interface DemoContent extends Pick<CourseInformation, 'objectives' | 'target_audience' | 'prerequisites' | 'assessment_methods'> {
  sections: DemoSection[];
}

/**
 * The practical information every demo course gives (Qualiopi indicator 1), the same for all: they
 * are self-paced online courses of one demo training organisation.
 */
export const demoPracticalInformation = {
  access_delay: 'Accès immédiat après l’inscription en ligne, 7 jours sur 7 ; pour une inscription financée par un OPCO ou par votre employeur, comptez 2 à 4 semaines selon le délai de prise en charge.',
  teaching_methods:
    'Formation à distance à votre rythme : leçons rédigées, vidéo sous-titrée, fiche récapitulative en PDF et quiz corrigés. La formatrice répond aux questions dans la discussion du cours sous 2 jours ouvrés.',
  accessibility:
    'Contenus lisibles au clavier et avec un lecteur d’écran, vidéos sous-titrées. Pour tout besoin d’adaptation lié à un handicap, contactez notre référente handicap avant l’inscription : nous étudions avec vous les aménagements possibles.',
  contact: 'Service formation EcoForma – formation@ecoforma.example – 01 23 45 67 89',
} as const;

/** A lesson body: opening paragraphs, a list of key points, a closing paragraph. */
function lesson(title: string, durationMinutes: number, paragraphs: string[], points: string[], closing: string): DemoLesson {
  const bodyMarkdown = [...paragraphs, points.map((point) => `- ${point}`).join('\n'), closing].join('\n\n');
  return { title, durationMinutes, bodyMarkdown };
}

/** The content of each demo course, by its title. */
export const demoContent: Record<string, DemoContent> = {
  'Bilan carbone : mesurer et réduire les émissions de votre organisation': {
    objectives: [
      'Distinguer les scopes 1, 2 et 3 et délimiter le périmètre d’un bilan',
      'Collecter les données d’activité et appliquer les facteurs d’émission de la Base Empreinte',
      'Construire un plan de réduction chiffré avec des indicateurs de suivi',
    ],
    target_audience: 'Responsables RSE, chargés de mission environnement, dirigeants de PME et toute personne chargée du bilan carbone de sa structure.',
    prerequisites: 'Aucun prérequis technique ; une aisance avec un tableur est utile pour les exercices.',
    assessment_methods: 'Quiz à la fin de chaque chapitre, puis réalisation d’un bilan simplifié sur un cas d’entreprise, corrigé par la formatrice.',
    sections: [
      {
        title: 'Comprendre le bilan des émissions',
        lessons: [
          lesson(
            'Pourquoi mesurer ses émissions ?',
            15,
            [
              'Le bilan des émissions de gaz à effet de serre est la photographie, une année donnée, des émissions liées aux activités d’une organisation. Il sert de point de départ à toute stratégie climat sérieuse : on ne réduit bien que ce que l’on a mesuré.',
              'En France, le bilan réglementaire (BEGES) est obligatoire pour les entreprises de plus de 500 salariés et les collectivités de plus de 50 000 habitants, mais de nombreuses PME s’y engagent volontairement, poussées par leurs clients et leurs financeurs.',
            ],
            [
              'identifier les postes d’émissions les plus importants',
              'anticiper la hausse du prix du carbone et de l’énergie',
              'répondre aux questionnaires des donneurs d’ordre et des banques',
              'mobiliser les équipes autour d’objectifs mesurables',
            ],
            'Dans la suite du cours, nous verrons comment délimiter le périmètre du bilan avant de passer à la collecte des données.',
          ),
          lesson(
            'Les scopes 1, 2 et 3',
            25,
            [
              'Le GHG Protocol classe les émissions en trois périmètres, appelés scopes. Le scope 1 regroupe les émissions directes : combustion de gaz ou de fioul dans vos chaudières, carburant de vos véhicules, fuites de fluides frigorigènes.',
              'Le scope 2 couvre les émissions indirectes liées à l’énergie achetée (électricité, chaleur, vapeur). Le scope 3, enfin, rassemble toutes les autres émissions indirectes, en amont comme en aval : achats, transport de marchandises, déplacements des salariés, usage et fin de vie des produits vendus.',
            ],
            [
              'scope 1 : ce que vous brûlez ou laissez fuir vous-même',
              'scope 2 : l’énergie que vous achetez',
              'scope 3 : tout le reste de votre chaîne de valeur, souvent plus de 70 % du total',
            ],
            'Négliger le scope 3, c’est passer à côté de l’essentiel : c’est là que se trouvent, dans la plupart des secteurs, les leviers de réduction les plus puissants.',
          ),
        ],
      },
      {
        title: 'Collecter, calculer, agir',
        lessons: [
          lesson(
            'Collecter les données d’activité',
            30,
            [
              'Un bilan carbone multiplie des données d’activité (des kilowattheures, des kilomètres, des euros d’achats) par des facteurs d’émission. La qualité du résultat dépend donc d’abord de la qualité des données collectées.',
              'Commencez par les sources les plus fiables : factures d’énergie, relevés de carburant, grand livre comptable pour les achats. Pour les déplacements domicile-travail, un court questionnaire aux salariés suffit souvent.',
            ],
            [
              'nommer un référent par poste de données',
              'documenter chaque hypothèse et chaque source',
              'préférer les données physiques aux données monétaires quand elles existent',
              'utiliser les facteurs d’émission de la Base Empreinte de l’ADEME',
            ],
            'Gardez une trace de votre méthode : elle vous permettra de refaire le bilan l’an prochain et de comparer les résultats d’une année sur l’autre.',
          ),
          lesson(
            'Bâtir un plan de réduction',
            35,
            [
              'Le bilan n’est utile que s’il débouche sur un plan d’action. Classez les postes par ordre d’importance, puis estimez pour chaque action son potentiel de réduction, son coût et sa facilité de mise en œuvre.',
              'Fixez une trajectoire cohérente avec l’Accord de Paris, par exemple en suivant la méthode SBTi, et associez à chaque action un indicateur suivi au moins une fois par an.',
            ],
            [
              'sobriété : réduire les besoins avant de les verdir',
              'efficacité : mieux isoler, mieux piloter les équipements',
              'substitution : passer à des énergies et des matériaux bas carbone',
              'achats responsables : intégrer le carbone dans les appels d’offres',
            ],
            'Partagez le plan avec les équipes et rendez compte des progrès : c’est la meilleure façon de le faire vivre dans la durée.',
          ),
        ],
      },
    ],
  },

  'Reconnaître et protéger la biodiversité locale': {
    objectives: [
      'Reconnaître une vingtaine d’espèces communes d’oiseaux, d’insectes et de plantes',
      'Expliquer le rôle des trames vertes et bleues',
      'Choisir des gestes de protection adaptés à un site',
    ],
    target_audience: 'Particuliers curieux de nature, agents d’espaces verts, enseignants et animateurs nature.',
    prerequisites: 'Aucun ; une paire de jumelles et un carnet sont bienvenus pour les sorties d’observation.',
    assessment_methods: 'Quiz d’identification à partir de photographies et fiche d’inventaire d’un site proche de chez vous.',
    sections: [
      {
        title: 'Observer le vivant',
        lessons: [
          lesson(
            'Qu’est-ce que la biodiversité ?',
            15,
            [
              'La biodiversité désigne la diversité du vivant à trois niveaux : la diversité des écosystèmes, celle des espèces et la diversité génétique au sein de chaque espèce. Elle inclut aussi les interactions entre tous ces êtres vivants.',
              'Selon l’IPBES, environ un million d’espèces sont menacées d’extinction dans le monde. En France, les populations d’oiseaux des milieux agricoles ont reculé d’environ 30 % en trente ans.',
            ],
            [
              'changement d’usage des terres et artificialisation',
              'surexploitation des ressources',
              'changement climatique',
              'pollutions, dont les pesticides et la lumière nocturne',
              'espèces exotiques envahissantes',
            ],
            'Ces cinq pressions agissent ensemble : les connaître aide à comprendre ce qui se passe près de chez soi.',
          ),
          lesson(
            'Identifier les espèces communes',
            30,
            [
              'Savoir nommer ce que l’on voit est le premier pas pour protéger. Commencez par les espèces les plus fréquentes de votre jardin ou de votre quartier : mésange charbonnière, rouge-gorge, merle noir, bourdon terrestre, pissenlit.',
              'Observez toujours les mêmes critères : taille, silhouette, couleurs, chant, milieu et période de l’année. Une application d’identification aide, mais rien ne remplace un guide de terrain et un peu de patience.',
            ],
            [
              'noter la date, le lieu et le milieu de chaque observation',
              'photographier sans déranger ni cueillir',
              'comparer avec deux sources avant de conclure',
            ],
            'En quelques semaines d’observation régulière, vous reconnaîtrez sans peine une vingtaine d’espèces.',
          ),
        ],
      },
      {
        title: 'Protéger les habitats',
        lessons: [
          lesson(
            'Trames vertes et bleues',
            20,
            [
              'Les espèces ont besoin de se déplacer pour se nourrir, se reproduire et coloniser de nouveaux territoires. Les trames vertes (haies, bosquets, prairies) et bleues (cours d’eau, mares, zones humides) forment les corridors qui relient les réservoirs de biodiversité.',
              'Une route, un mur ou un éclairage nocturne peuvent couper ces continuités. À l’échelle d’une commune, le plan local d’urbanisme peut les protéger.',
            ],
            [
              'replanter des haies d’essences locales',
              'laisser des passages à faune sous les clôtures',
              'réduire l’éclairage public la nuit',
              'préserver les mares et les fossés',
            ],
            'Chaque jardin peut devenir un maillon de cette trame : c’est l’objet du cours « Créer un jardin refuge pour la faune sauvage ».',
          ),
        ],
      },
    ],
  },

  'Permaculture et agroécologie : concevoir un système nourricier': {
    objectives: [
      'Appliquer les trois éthiques et les principes de conception de la permaculture',
      'Réaliser un zonage et un plan de site à partir de l’observation',
      'Associer cultures, arbres et gestion de l’eau dans un système cohérent',
    ],
    target_audience: 'Jardiniers, porteurs de projet agricole, collectivités et associations de jardins partagés.',
    prerequisites: 'Aucun ; avoir accès à un terrain, même petit, permet de faire les exercices en situation.',
    assessment_methods: 'Quiz de fin de chapitre et réalisation d’un plan de site commenté, évalué selon une grille fournie.',
    sections: [
      {
        title: 'Les fondements',
        lessons: [
          lesson(
            'Éthiques et principes de la permaculture',
            20,
            [
              'La permaculture, formalisée par Bill Mollison et David Holmgren dans les années 1970, est une méthode de conception de systèmes humains durables inspirés des écosystèmes naturels. Elle repose sur trois éthiques : prendre soin de la Terre, prendre soin des humains et partager équitablement.',
              'L’agroécologie partage cette ambition : produire en s’appuyant sur les processus écologiques plutôt que sur les intrants chimiques.',
            ],
            [
              'observer et interagir avant d’agir',
              'capter et stocker l’énergie, l’eau et la fertilité',
              'produire sans gaspiller et valoriser les déchets',
              'préférer les solutions lentes et à petite échelle',
            ],
            'Ces principes sont des outils de réflexion : ils s’appliquent aussi bien à un balcon qu’à une ferme de plusieurs hectares.',
          ),
          lesson(
            'Observer son terrain',
            25,
            [
              'Avant de planter quoi que ce soit, prenez le temps d’observer votre terrain au fil des saisons : course du soleil, vents dominants, circulation de l’eau, nature du sol, plantes spontanées.',
              'Ces observations se reportent sur une carte de base du site, qui servira à toutes les étapes de la conception.',
            ],
            [
              'relever l’ensoleillement à différentes heures',
              'repérer les zones humides et les zones sèches',
              'faire un test du bocal pour connaître la texture du sol',
              'noter les plantes bio-indicatrices',
            ],
            'Une année d’observation évite bien des erreurs coûteuses : c’est un investissement, pas une perte de temps.',
          ),
        ],
      },
      {
        title: 'Concevoir le système',
        lessons: [
          lesson(
            'Zonage et associations de cultures',
            30,
            [
              'Le zonage organise le site selon la fréquence des visites : la zone 1, près de la maison, accueille le potager et les aromatiques ; les zones suivantes, les vergers, les cultures de plein champ puis les espaces laissés à la nature.',
              'Les associations de cultures tirent parti des complémentarités entre plantes : les trois sœurs (maïs, haricot, courge) en sont l’exemple le plus connu.',
            ],
            [
              'placer ce qui demande le plus de soin au plus près',
              'associer plantes à enracinement profond et superficiel',
              'intégrer des légumineuses pour enrichir le sol en azote',
              'installer des fleurs pour attirer les auxiliaires',
            ],
            'Un bon plan réduit le travail : chaque élément du système doit remplir plusieurs fonctions.',
          ),
          lesson(
            'Gérer l’eau et planter des arbres',
            30,
            [
              'L’eau est la ressource la plus précieuse d’un système nourricier. Les baissières, creusées en suivant les courbes de niveau, ralentissent le ruissellement et infiltrent l’eau de pluie dans le sol.',
              'L’agroforesterie associe arbres et cultures sur une même parcelle : les arbres protègent du vent et de la chaleur, remontent les nutriments et stockent du carbone.',
            ],
            ['récupérer l’eau des toitures', 'pailler pour limiter l’évaporation', 'planter des haies brise-vent', 'choisir des variétés adaptées au climat local'],
            'En combinant ces techniques, un système nourricier devient plus résilient face aux sécheresses de plus en plus fréquentes.',
          ),
        ],
      },
    ],
  },

  'Zéro déchet en entreprise': {
    objectives: [
      'Réaliser un diagnostic des flux de déchets d’un site',
      'Mettre en place le tri à la source, dont le tri cinq flux',
      'Animer une démarche de réduction avec les équipes',
    ],
    target_audience: 'Responsables des services généraux, référents RSE et membres de « green teams » en entreprise.',
    prerequisites: 'Aucun prérequis.',
    assessment_methods: 'Quiz de fin de chapitre et plan d’action zéro déchet pour votre site, commenté par la formatrice.',
    sections: [
      {
        title: 'Faire le diagnostic',
        lessons: [
          lesson(
            'La hiérarchie des modes de traitement',
            15,
            [
              'La démarche zéro déchet suit une hiérarchie simple, inscrite dans le Code de l’environnement : d’abord éviter de produire des déchets, puis réemployer, recycler, valoriser l’énergie, et n’éliminer qu’en dernier recours.',
              'Le meilleur déchet est celui que l’on ne produit pas : réduire à la source coûte presque toujours moins cher que de trier et traiter.',
            ],
            ['réduire', 'réemployer', 'recycler', 'valoriser', 'éliminer en dernier recours'],
            'Gardez cette hiérarchie en tête : elle guide tous les choix des chapitres suivants.',
          ),
          lesson(
            'Caractériser les flux de son site',
            25,
            [
              'Un diagnostic commence par une pesée : pendant une à deux semaines, pesez et photographiez les contenus des poubelles de votre site, poste par poste.',
              'Vous découvrirez souvent que quelques flux (papier, emballages, biodéchets de la cantine) représentent l’essentiel des volumes et des coûts de collecte.',
            ],
            [
              'lister les points de production de déchets',
              'peser chaque flux et estimer son coût annuel',
              'identifier les prestataires de collecte et les filières',
              'repérer les obligations réglementaires applicables',
            ],
            'Ce diagnostic chiffré sera votre point de référence pour mesurer les progrès.',
          ),
        ],
      },
      {
        title: 'Agir avec les équipes',
        lessons: [
          lesson(
            'Trier à la source',
            20,
            [
              'Depuis 2016, le décret « cinq flux » impose aux entreprises de trier séparément le papier-carton, le métal, le plastique, le verre et le bois. Depuis 2024, le tri à la source des biodéchets est généralisé.',
              'Un tri efficace repose sur des consignes claires, des contenants bien placés et un retour régulier aux équipes sur les résultats.',
            ],
            [
              'regrouper les poubelles individuelles en points de tri',
              'afficher des consignes illustrées',
              'former les équipes d’entretien',
              'communiquer chaque trimestre les tonnages évités',
            ],
            'Le tri n’est qu’une étape : l’objectif reste de réduire les quantités produites.',
          ),
          lesson(
            'Réduire et embarquer ses collègues',
            25,
            [
              'Pour réduire vraiment, il faut agir sur les achats et les habitudes : gobelets et vaisselle réutilisables, impression recto verso par défaut, fournitures reconditionnées, fontaines à eau.',
              'Une « green team » de volontaires peut porter la démarche, proposer des défis et faire remonter les idées du terrain.',
            ],
            ['organiser un défi zéro déchet d’un mois', 'installer une boîte à réemploi', 'négocier des emballages consignés avec les fournisseurs'],
            'Célébrez les réussites : une démarche qui se voit et qui se mesure s’installe durablement.',
          ),
        ],
      },
    ],
  },

  'Rénovation énergétique des bâtiments': {
    objectives: [
      'Lire un diagnostic de performance énergétique (DPE)',
      'Hiérarchiser les travaux d’isolation, de ventilation et de chauffage',
      'Identifier les aides publiques mobilisables',
    ],
    target_audience: 'Propriétaires, gestionnaires de patrimoine, conseillers en rénovation et artisans du bâtiment.',
    prerequisites: 'Aucun ; connaître les bases du fonctionnement d’un logement aide à suivre le deuxième chapitre.',
    assessment_methods: 'Quiz et étude d’un cas de maison des années 1970 : proposer un programme de travaux argumenté.',
    sections: [
      {
        title: 'Le diagnostic',
        lessons: [
          lesson(
            'Comprendre le DPE',
            20,
            [
              'Le diagnostic de performance énergétique classe un logement de A à G selon sa consommation d’énergie primaire et ses émissions de gaz à effet de serre. Depuis 2021, il est opposable et conditionne la location des logements les plus énergivores.',
              'Le DPE propose aussi des recommandations de travaux : c’est un bon point de départ, à compléter par un audit énergétique pour un projet global.',
            ],
            [
              'l’étiquette énergie et l’étiquette climat',
              'la consommation par usage (chauffage, eau chaude, refroidissement)',
              'les déperditions par paroi',
              'les recommandations de travaux',
            ],
            'Apprendre à lire un DPE permet de dialoguer efficacement avec les professionnels.',
          ),
        ],
      },
      {
        title: 'Les travaux',
        lessons: [
          lesson(
            'Isoler dans le bon ordre',
            30,
            [
              'Dans une maison non isolée, la toiture représente jusqu’à 30 % des pertes de chaleur, les murs environ 25 %, les fenêtres 10 à 15 %. Isoler la toiture est donc souvent la première action à mener.',
              'Une rénovation performante traite l’enveloppe avant les équipements : installer une pompe à chaleur dans une passoire thermique revient à chauffer la rue.',
            ],
            [
              'combles et toiture',
              'murs, par l’intérieur ou par l’extérieur',
              'planchers bas',
              'menuiseries, en traitant les ponts thermiques',
            ],
            'Pensez l’ensemble dès le départ, même si les travaux sont étalés sur plusieurs années.',
          ),
          lesson(
            'Ventiler, chauffer, financer',
            25,
            [
              'Un logement mieux isolé est plus étanche : la ventilation devient indispensable pour la qualité de l’air et la santé du bâti. Une VMC simple flux hygroréglable ou double flux doit accompagner l’isolation.',
              'Le chauffage se choisit ensuite, dimensionné pour les nouveaux besoins, plus faibles. Des aides comme MaPrimeRénov’ et les certificats d’économies d’énergie réduisent fortement le reste à charge.',
            ],
            ['faire appel à un Accompagnateur Rénov’', 'choisir des artisans RGE', 'vérifier les conditions de chaque aide avant de signer un devis'],
            'Une rénovation bien menée améliore le confort, réduit les factures et augmente la valeur du bien.',
          ),
        ],
      },
    ],
  },

  "Piloter une démarche RSE selon l'ISO 26000": {
    objectives: [
      'Présenter les sept questions centrales de l’ISO 26000',
      'Cartographier et dialoguer avec les parties prenantes',
      'Définir des priorités et des indicateurs de suivi',
    ],
    target_audience: 'Dirigeants, responsables RSE et qualité, consultants accompagnant des organisations.',
    prerequisites: 'Aucun ; une première expérience de conduite de projet est un plus.',
    assessment_methods: 'Quiz de fin de chapitre et matrice de priorités RSE d’une organisation fictive, évaluée selon une grille.',
    sections: [
      {
        title: 'Le cadre de l’ISO 26000',
        lessons: [
          lesson(
            'Les sept questions centrales',
            25,
            [
              'Publiée en 2010, la norme ISO 26000 donne des lignes directrices pour la responsabilité sociétale de toute organisation. Elle n’est pas certifiable : c’est un guide pour structurer une démarche.',
              'Elle s’organise autour de sept questions centrales qui couvrent l’ensemble des impacts d’une organisation sur la société et l’environnement.',
            ],
            [
              'la gouvernance de l’organisation',
              'les droits de l’Homme',
              'les relations et conditions de travail',
              'l’environnement',
              'la loyauté des pratiques',
              'les questions relatives aux consommateurs',
              'les communautés et le développement local',
            ],
            'La gouvernance occupe une place particulière : c’est elle qui permet d’agir sur les six autres questions.',
          ),
          lesson(
            'Identifier ses parties prenantes',
            20,
            [
              'Les parties prenantes sont les personnes et les groupes qui ont un intérêt dans les décisions de l’organisation : salariés, clients, fournisseurs, riverains, associations, collectivités.',
              'Les cartographier selon leur influence et leur intérêt permet de choisir les modes de dialogue adaptés à chacune.',
            ],
            ['lister les parties prenantes internes et externes', 'évaluer leur influence et leurs attentes', 'choisir un mode de dialogue : enquête, atelier, comité'],
            'Un dialogue sincère fait émerger les enjeux qui comptent vraiment pour l’organisation et son territoire.',
          ),
        ],
      },
      {
        title: 'Passer à l’action',
        lessons: [
          lesson(
            'Prioriser et piloter',
            30,
            [
              'Toutes les questions ne se valent pas pour une organisation donnée. La matrice de matérialité croise l’importance des enjeux pour les parties prenantes et leur impact sur l’activité.',
              'Les enjeux prioritaires deviennent des objectifs, assortis d’indicateurs, de responsables et d’échéances, suivis par la direction.',
            ],
            ['retenir cinq à huit enjeux prioritaires', 'définir un indicateur par objectif', 'publier un bilan annuel honnête, réussites et difficultés comprises'],
            'Une démarche RSE crédible se juge dans la durée, à la cohérence entre les engagements et les actes.',
          ),
        ],
      },
    ],
  },

  'Fresque du climat : comprendre le dérèglement climatique': {
    objectives: [
      'Expliquer les mécanismes de l’effet de serre et leurs causes humaines',
      'Relier les conséquences du dérèglement climatique entre elles',
      'Préparer l’animation d’un atelier de fresque',
    ],
    target_audience: 'Toute personne souhaitant comprendre le climat, et les futurs animateurs d’ateliers en entreprise ou en association.',
    prerequisites: 'Aucun prérequis scientifique.',
    assessment_methods: 'Quiz sur les mécanismes du climat et animation d’un atelier test, avec un retour écrit de la formatrice.',
    sections: [
      {
        title: 'Les mécanismes du climat',
        lessons: [
          lesson(
            'L’effet de serre',
            20,
            [
              'L’effet de serre est un phénomène naturel : certains gaz de l’atmosphère retiennent une partie de la chaleur émise par la Terre. Sans lui, la température moyenne serait de −18 °C au lieu de +15 °C.',
              'Depuis la révolution industrielle, la combustion du charbon, du pétrole et du gaz, ainsi que la déforestation, ont augmenté la concentration de CO₂ de plus de 50 %. L’effet de serre s’est renforcé et la planète s’est réchauffée d’environ 1,2 °C.',
            ],
            ['dioxyde de carbone (CO₂)', 'méthane (CH₄)', 'protoxyde d’azote (N₂O)', 'gaz fluorés'],
            'Ces gaz ont des durées de vie et des pouvoirs de réchauffement différents : c’est pourquoi on les convertit en équivalent CO₂.',
          ),
          lesson(
            'Des causes aux conséquences',
            25,
            [
              'Le réchauffement entraîne une cascade de conséquences : fonte des glaces, montée du niveau des mers, vagues de chaleur, sécheresses et pluies extrêmes plus fréquentes.',
              'Ces changements touchent les écosystèmes, l’agriculture, la santé et peuvent provoquer des migrations. Les travaux du GIEC synthétisent l’état des connaissances sur ces chaînes de causes et d’effets.',
            ],
            ['acidification de l’océan', 'perte de biodiversité', 'baisse des rendements agricoles', 'risques accrus pour la santé'],
            'Relier ces cartes entre elles, c’est tout l’objet de la fresque : comprendre le système plutôt que des faits isolés.',
          ),
        ],
      },
      {
        title: 'Animer une fresque',
        lessons: [
          lesson(
            'Préparer et animer l’atelier',
            30,
            [
              'Un atelier dure environ trois heures et réunit quatre à huit participants par table. L’animateur distribue les cartes par lots et laisse le groupe construire lui-même les liens de cause à effet.',
              'La dernière partie, la plus importante, est consacrée aux émotions et aux pistes d’action : elle transforme la prise de conscience en envie d’agir.',
            ],
            ['tester le déroulé avec des proches', 'préparer des réponses aux questions fréquentes', 'garder du temps pour le débriefing'],
            'Animer, c’est avant tout écouter : le groupe apprend d’autant mieux qu’il trouve lui-même les réponses.',
          ),
        ],
      },
    ],
  },

  'Écologie et sobriété énergétique au quotidien': {
    objectives: [
      'Estimer l’empreinte carbone de ses habitudes',
      'Choisir les gestes de sobriété les plus efficaces',
      'Conduire un changement d’habitudes dans la durée',
    ],
    target_audience: 'Particuliers et salariés qui veulent réduire leur impact au quotidien, sans renoncer à leur confort.',
    prerequisites: 'Aucun prérequis.',
    assessment_methods: 'Quiz de fin de chapitre et plan personnel de sobriété avec trois objectifs chiffrés.',
    sections: [
      {
        title: 'Mesurer son impact',
        lessons: [
          lesson(
            'Son empreinte carbone personnelle',
            15,
            [
              'L’empreinte carbone moyenne d’un Français est d’environ 9 tonnes d’équivalent CO₂ par an. Pour respecter l’Accord de Paris, elle devrait descendre vers 2 tonnes d’ici 2050.',
              'Le simulateur Nos Gestes Climat de l’ADEME permet d’estimer la sienne en une dizaine de minutes et de voir quels postes pèsent le plus.',
            ],
            ['transports', 'alimentation', 'logement', 'biens de consommation et numérique', 'services publics'],
            'Connaître ses postes principaux permet de concentrer ses efforts là où ils comptent vraiment.',
          ),
        ],
      },
      {
        title: 'Les gestes qui comptent',
        lessons: [
          lesson(
            'Chauffage et électricité',
            20,
            [
              'Baisser le chauffage d’un degré réduit la consommation d’environ 7 %. La température conseillée est de 19 °C dans les pièces de vie et de 17 °C dans les chambres.',
              'Côté électricité, les appareils en veille représentent jusqu’à 10 % de la facture : une multiprise à interrupteur suffit à les couper.',
            ],
            ['programmer le chauffage selon les présences', 'fermer les volets la nuit', 'laver le linge à 30 °C', 'dégivrer le réfrigérateur'],
            'Ces gestes simples se traduisent vite sur la facture, ce qui aide à les installer durablement.',
          ),
          lesson(
            'Mobilité et alimentation',
            25,
            [
              'La voiture individuelle est souvent le premier poste d’émissions. Pour les trajets courts, le vélo et la marche sont imbattables ; pour les plus longs, le train et le covoiturage divisent les émissions.',
              'Dans l’assiette, réduire la viande rouge, privilégier les produits de saison et limiter le gaspillage alimentaire sont les trois leviers les plus efficaces.',
            ],
            ['tester le vélo pour un trajet par semaine', 'cuisiner végétarien deux jours sur sept', 'faire une liste de courses pour éviter le gaspillage'],
            'Il ne s’agit pas de tout changer d’un coup : un geste bien installé vaut mieux que dix abandonnés.',
          ),
        ],
      },
    ],
  },

  'Créer un jardin refuge pour la faune sauvage': {
    objectives: [
      'Concevoir un jardin accueillant pour la faune locale',
      'Installer des abris adaptés : nichoirs, hôtels à insectes, tas de bois',
      'Suivre l’évolution du jardin avec les sciences participatives',
    ],
    target_audience: 'Jardiniers amateurs, gestionnaires d’espaces verts d’entreprise ou de collectivité.',
    prerequisites: 'Disposer d’un jardin, d’un balcon ou d’un espace vert, même petit.',
    assessment_methods: 'Quiz et plan d’aménagement de votre espace, avec un calendrier de travaux sur un an.',
    sections: [
      {
        title: 'Accueillir la faune',
        lessons: [
          lesson(
            'Les principes d’un jardin refuge',
            15,
            [
              'Un jardin refuge offre à la faune sauvage ce dont elle a besoin : de la nourriture, de l’eau, des abris et de la tranquillité. Il se passe de pesticides et d’engrais chimiques.',
              'La LPO propose un label « Refuge LPO » qui engage à respecter une charte simple : plus de 40 000 refuges existent déjà en France.',
            ],
            ['laisser une zone non tondue', 'planter des espèces locales et mellifères', 'offrir un point d’eau', 'bannir les produits chimiques'],
            'Un peu de désordre est le meilleur allié de la biodiversité : un jardin trop net accueille peu de vie.',
          ),
          lesson(
            'Haies, mares et prairies fleuries',
            25,
            [
              'Une haie champêtre composée d’essences locales (aubépine, noisetier, cornouiller, sureau) nourrit et abrite des dizaines d’espèces d’oiseaux et d’insectes.',
              'Une petite mare, même de deux mètres carrés, attire en quelques mois libellules, tritons et grenouilles. Une prairie fauchée une à deux fois par an remplace avantageusement une pelouse.',
            ],
            ['planter la haie en automne', 'creuser la mare avec des berges en pente douce', 'faucher la prairie tardivement, après les floraisons'],
            'Ces trois milieux se complètent : ensemble, ils recréent une mosaïque d’habitats.',
          ),
        ],
      },
      {
        title: 'Suivre et partager',
        lessons: [
          lesson(
            'Nichoirs et sciences participatives',
            20,
            [
              'Les nichoirs compensent le manque de cavités naturelles. Leur diamètre d’entrée détermine les espèces accueillies : 28 mm pour la mésange bleue, 32 mm pour la mésange charbonnière.',
              'Les programmes de sciences participatives, comme l’Observatoire des oiseaux des jardins ou Spipoll pour les pollinisateurs, permettent de contribuer à la recherche tout en suivant l’évolution de son jardin.',
            ],
            ['orienter les nichoirs à l’est ou au sud-est', 'les nettoyer chaque automne', 'compter les oiseaux une heure par mois'],
            'Vos observations, mises en commun avec celles de milliers de jardiniers, aident les scientifiques à suivre l’état de la biodiversité.',
          ),
        ],
      },
    ],
  },

  'Sols vivants : compostage et fertilité naturelle': {
    objectives: [
      'Décrire la vie du sol et son rôle dans la fertilité',
      'Réussir un compost et l’utiliser à bon escient',
      'Mettre en place paillage, engrais verts et rotations',
    ],
    target_audience: 'Jardiniers, maraîchers débutants, animateurs de jardins partagés.',
    prerequisites: 'Aucun prérequis.',
    assessment_methods: 'Quiz de fin de chapitre et suivi commenté de votre compost pendant le mois de formation.',
    sections: [
      {
        title: 'La vie du sol',
        lessons: [
          lesson(
            'Un sol, c’est vivant',
            20,
            [
              'Une cuillère à café de sol fertile contient plus d’organismes vivants qu’il n’y a d’humains sur Terre : bactéries, champignons, vers de terre, collemboles. Ensemble, ils décomposent la matière organique et la rendent disponible pour les plantes.',
              'Les vers de terre, à eux seuls, peuvent brasser jusqu’à 400 tonnes de terre par hectare et par an, créant des galeries qui aèrent le sol et y font pénétrer l’eau.',
            ],
            ['ne pas retourner le sol en profondeur', 'ne jamais le laisser nu', 'le nourrir de matière organique', 'éviter le tassement'],
            'Nourrir le sol plutôt que la plante : c’est le changement de regard que propose ce cours.',
          ),
        ],
      },
      {
        title: 'Nourrir le sol',
        lessons: [
          lesson(
            'Réussir son compost',
            25,
            [
              'Le compost transforme les déchets de cuisine et de jardin en un amendement riche. La règle d’or est d’équilibrer les matières vertes, humides et riches en azote, avec les matières brunes, sèches et riches en carbone.',
              'Un compost bien mené ne sent pas mauvais : s’il devient odorant, il manque d’air ou de matières brunes.',
            ],
            ['alterner verts et bruns à parts égales', 'aérer régulièrement', 'maintenir l’humidité d’une éponge essorée', 'attendre six à douze mois avant usage'],
            'Depuis 2024, le tri des biodéchets est obligatoire : composter chez soi est la solution la plus simple.',
          ),
          lesson(
            'Paillage, engrais verts et rotations',
            25,
            [
              'Le paillage protège le sol du soleil, de la pluie battante et du dessèchement, tout en nourrissant la vie du sol à mesure qu’il se décompose.',
              'Les engrais verts (phacélie, moutarde, trèfle) couvrent le sol entre deux cultures et l’enrichissent. La rotation des cultures limite les maladies et équilibre les prélèvements.',
            ],
            ['pailler après une pluie, sur un sol réchauffé', 'semer un engrais vert dès qu’une planche se libère', 'ne pas cultiver la même famille au même endroit deux ans de suite'],
            'Ces trois pratiques, combinées au compost, suffisent à entretenir un sol fertile sans engrais chimique.',
          ),
        ],
      },
    ],
  },

  'Économie circulaire : réemploi, réparation et recyclage': {
    objectives: [
      'Expliquer les sept piliers de l’économie circulaire selon l’ADEME',
      'Identifier des leviers d’écoconception et de réemploi',
      'Évaluer un modèle d’affaires circulaire',
    ],
    target_audience: 'Chefs de projet, acheteurs, designers et élus intéressés par les nouveaux modèles économiques.',
    prerequisites: 'Aucun prérequis.',
    assessment_methods: 'Quiz et analyse d’un produit de votre choix selon les piliers de l’économie circulaire.',
    sections: [
      {
        title: 'Sortir de l’économie linéaire',
        lessons: [
          lesson(
            'Du modèle linéaire au modèle circulaire',
            20,
            [
              'Le modèle linéaire « extraire, fabriquer, consommer, jeter » se heurte aux limites des ressources et à l’explosion des déchets. L’économie circulaire vise à maintenir les produits et les matières en usage le plus longtemps possible.',
              'En France, la loi anti-gaspillage pour une économie circulaire (AGEC) de 2020 fixe des objectifs concrets : fin du plastique jetable, indice de réparabilité, interdiction de détruire les invendus non alimentaires.',
            ],
            ['approvisionnement durable', 'écoconception', 'écologie industrielle et territoriale', 'économie de la fonctionnalité', 'consommation responsable', 'allongement de la durée d’usage', 'recyclage'],
            'Ces sept piliers, définis par l’ADEME, structurent la suite du cours.',
          ),
        ],
      },
      {
        title: 'Les leviers',
        lessons: [
          lesson(
            'Écoconcevoir et réparer',
            25,
            [
              'L’écoconception intègre l’environnement dès la conception d’un produit : moins de matière, des matériaux recyclés, des pièces démontables et standardisées.',
              'La réparation prolonge la vie des produits. L’indice de réparabilité, affiché depuis 2021 sur les smartphones, ordinateurs ou lave-linge, aide les consommateurs à choisir.',
            ],
            ['concevoir pour le démontage', 'garantir la disponibilité des pièces détachées', 'soutenir les repair cafés et les réparateurs locaux'],
            'Un produit réparable est aussi un argument commercial : il fidélise les clients.',
          ),
          lesson(
            'Réemploi, recyclage et nouveaux modèles',
            30,
            [
              'Le réemploi redonne une seconde vie à un objet sans le transformer : ressourceries, plateformes de seconde main, consigne des emballages. Le recyclage, lui, récupère la matière pour fabriquer de nouveaux produits.',
              'L’économie de la fonctionnalité va plus loin : on vend l’usage plutôt que le bien. Location de matériel, éclairage facturé à l’heure, pneus payés au kilomètre.',
            ],
            ['la consigne pour réemploi des bouteilles en verre', 'les matériauthèques de chantier', 'la location longue durée d’équipements professionnels'],
            'Les retours d’expérience montrent que ces modèles créent des emplois locaux difficiles à délocaliser.',
          ),
        ],
      },
    ],
  },

  'Construire en matériaux biosourcés : bois, paille et chanvre': {
    objectives: [
      'Comparer les matériaux biosourcés et leur empreinte carbone',
      'Connaître les règles de mise en œuvre du bois, de la paille et du chanvre',
      'Concevoir pour le confort d’été',
    ],
    target_audience: 'Architectes, artisans, maîtres d’ouvrage et autoconstructeurs.',
    prerequisites: 'Connaître les bases de la construction (parois, isolation, étanchéité) est recommandé.',
    assessment_methods: 'Quiz technique et note de choix de matériaux pour un projet de maison individuelle.',
    sections: [
      {
        title: 'Les matériaux',
        lessons: [
          lesson(
            'Pourquoi les biosourcés ?',
            20,
            [
              'Les matériaux biosourcés sont issus de la biomasse végétale ou animale : bois, paille, chanvre, ouate de cellulose, laine de mouton. En poussant, les plantes ont capté du CO₂ qui reste stocké dans le bâtiment pendant toute sa durée de vie.',
              'La réglementation environnementale RE2020 valorise ce stockage de carbone, ce qui rend ces matériaux de plus en plus compétitifs.',
            ],
            ['stockage de carbone', 'ressources renouvelables et souvent locales', 'bonne régulation de l’humidité', 'excellent confort d’été'],
            'Leur point faible est la sensibilité à l’eau : la conception doit les en protéger durablement.',
          ),
          lesson(
            'Bois, paille et chanvre',
            30,
            [
              'Le bois sert de structure (ossature, poteaux-poutres, panneaux CLT) et de bardage. La paille, en bottes, isole remarquablement des murs à ossature bois, avec des règles professionnelles reconnues depuis 2012.',
              'Le chanvre s’utilise en laine isolante ou en béton de chanvre, mélange de chènevotte et de chaux, projeté ou banché.',
            ],
            ['choisir des bois certifiés PEFC ou FSC', 'protéger la paille de l’humidité pendant le chantier', 'laisser sécher le béton de chanvre plusieurs semaines'],
            'Chaque matériau a ses savoir-faire : faites appel à des artisans formés.',
          ),
        ],
      },
      {
        title: 'Concevoir sainement',
        lessons: [
          lesson(
            'Confort d’été et empreinte carbone',
            25,
            [
              'Avec les canicules plus fréquentes, le confort d’été devient un critère essentiel. Les isolants biosourcés, plus denses que les isolants minéraux, ralentissent la pénétration de la chaleur : c’est le déphasage thermique.',
              'L’analyse du cycle de vie compare l’impact d’un bâtiment de la fabrication des matériaux jusqu’à sa démolition.',
            ],
            ['orienter les baies vitrées et prévoir des protections solaires', 'favoriser la ventilation nocturne', 'choisir des isolants à fort déphasage en toiture'],
            'Un bâtiment bien conçu reste frais sans climatisation, même lors des étés les plus chauds.',
          ),
        ],
      },
    ],
  },

  'Rédiger son rapport de durabilité (CSRD)': {
    objectives: [
      'Situer la CSRD et les normes ESRS dans le cadre européen',
      'Conduire une analyse de double matérialité',
      'Organiser la collecte des indicateurs et la rédaction du rapport',
    ],
    target_audience: 'Directions financières, responsables RSE et reporting, auditeurs et consultants.',
    prerequisites: 'Connaître les bases de la RSE ; le cours « Piloter une démarche RSE selon l’ISO 26000 » est une bonne introduction.',
    assessment_methods: 'Quiz réglementaire et analyse de double matérialité d’une entreprise fictive, évaluée selon une grille.',
    sections: [
      {
        title: 'Le cadre réglementaire',
        lessons: [
          lesson(
            'CSRD et normes ESRS',
            25,
            [
              'La directive européenne CSRD (Corporate Sustainability Reporting Directive) remplace la déclaration de performance extra-financière. Elle impose aux entreprises concernées de publier un rapport de durabilité vérifié par un tiers indépendant.',
              'Le contenu du rapport est défini par les normes ESRS : deux normes transversales et dix normes thématiques couvrant l’environnement, le social et la gouvernance.',
            ],
            ['ESRS E1 à E5 : climat, pollution, eau, biodiversité, économie circulaire', 'ESRS S1 à S4 : effectifs, chaîne de valeur, communautés, consommateurs', 'ESRS G1 : conduite des affaires'],
            'Le calendrier d’application a été aménagé par l’Union européenne : vérifiez toujours le texte en vigueur pour votre entreprise.',
          ),
        ],
      },
      {
        title: 'Conduire le projet',
        lessons: [
          lesson(
            'L’analyse de double matérialité',
            30,
            [
              'La double matérialité est le cœur de la CSRD. Un enjeu est matériel s’il a un impact significatif de l’entreprise sur la société ou l’environnement (matérialité d’impact), ou s’il crée des risques et opportunités financiers pour elle (matérialité financière).',
              'L’analyse s’appuie sur la chaîne de valeur et sur le dialogue avec les parties prenantes ; elle détermine les normes et les indicateurs à publier.',
            ],
            ['lister les impacts, risques et opportunités', 'coter leur gravité et leur probabilité', 'fixer et justifier des seuils', 'documenter chaque étape pour l’auditeur'],
            'Une analyse bien documentée facilite grandement la vérification du rapport.',
          ),
          lesson(
            'Collecter et rédiger',
            25,
            [
              'La collecte des indicateurs mobilise de nombreux services : ressources humaines, achats, production, finance. Un outil commun et un calendrier clair évitent les retards de dernière minute.',
              'Le rapport doit être clair, équilibré et vérifiable : il présente les politiques, les actions, les objectifs et les résultats pour chaque enjeu matériel.',
            ],
            ['nommer un responsable par indicateur', 'prévoir un contrôle interne avant l’audit', 'rédiger sobrement, sans autopromotion'],
            'Le rapport de durabilité devient alors un outil de pilotage, pas seulement une obligation.',
          ),
        ],
      },
    ],
  },

  'Adaptation au changement climatique des territoires': {
    objectives: [
      'Évaluer la vulnérabilité d’un territoire aux aléas climatiques',
      'Choisir des solutions d’adaptation fondées sur la nature',
      'Associer élus, habitants et acteurs économiques au plan d’adaptation',
    ],
    target_audience: 'Élus et agents de collectivités, urbanistes, bureaux d’études et responsables associatifs.',
    prerequisites: 'Aucun ; le cours « Fresque du climat » apporte les bases scientifiques utiles.',
    assessment_methods: 'Quiz et diagnostic de vulnérabilité d’une commune réelle ou fictive, avec trois mesures d’adaptation argumentées.',
    sections: [
      {
        title: 'Le diagnostic',
        lessons: [
          lesson(
            'Aléas, exposition et vulnérabilité',
            20,
            [
              'La France se prépare à un réchauffement de +4 °C d’ici 2100 dans sa trajectoire de référence. Vagues de chaleur, sécheresses, inondations et recul du trait de côte vont s’intensifier.',
              'Le risque résulte de la rencontre entre un aléa (la canicule), une exposition (une population, des bâtiments) et une vulnérabilité (personnes âgées isolées, bâtiments mal isolés).',
            ],
            ['consulter les projections climatiques de DRIAS', 'cartographier les îlots de chaleur urbains', 'recenser les populations et les activités sensibles'],
            'Ce diagnostic partagé est la base d’un plan d’adaptation accepté par tous.',
          ),
        ],
      },
      {
        title: 'Agir sur le territoire',
        lessons: [
          lesson(
            'Les solutions fondées sur la nature',
            25,
            [
              'Les solutions fondées sur la nature s’appuient sur les écosystèmes pour réduire les risques : végétaliser les villes contre la chaleur, restaurer les zones humides contre les inondations, renaturer les cours d’eau.',
              'Elles apportent en plus des bénéfices pour la biodiversité, la santé et le cadre de vie, souvent pour un coût inférieur aux infrastructures grises.',
            ],
            ['désimperméabiliser les cours d’école', 'planter des arbres d’ombrage', 'restaurer les champs d’expansion des crues'],
            'Ces solutions demandent du temps pour donner leur plein effet : mieux vaut les engager tôt.',
          ),
          lesson(
            'Construire le plan avec les acteurs',
            25,
            [
              'Un plan d’adaptation réussi mobilise tous les acteurs : élus, services techniques, habitants, agriculteurs, entreprises. Chacun apporte sa connaissance du territoire et ses contraintes.',
              'Ateliers participatifs, balades climatiques et réunions publiques permettent de partager le diagnostic et de choisir ensemble les priorités.',
            ],
            ['éviter la maladaptation, comme la climatisation généralisée', 'prévoir un suivi annuel des actions', 'réviser le plan tous les cinq ans'],
            'L’adaptation n’est pas un renoncement : elle complète les efforts de réduction des émissions.',
          ),
        ],
      },
    ],
  },
  'Introduction au développement durable': {
    objectives: ['Définir le développement durable et ses trois piliers', 'Citer les limites planétaires et les objectifs de développement durable', 'Choisir un premier levier d’action à sa portée'],
    target_audience: 'Toute personne curieuse de comprendre les enjeux du développement durable avant de se former plus avant.',
    prerequisites: 'Aucun prérequis : cette introduction est ouverte à tous.',
    assessment_methods: 'Un quiz d’autoévaluation en fin de parcours, sans note éliminatoire.',
    sections: [
      {
        title: 'Comprendre les enjeux',
        lessons: [
          lesson(
            'Le développement durable en une page',
            10,
            [
              'Le développement durable répond aux besoins du présent sans compromettre la capacité des générations futures à répondre aux leurs : c’est la définition du rapport Brundtland de 1987, reprise depuis par les États, les collectivités et les entreprises.',
              'Il articule trois piliers, environnemental, social et économique, que chaque décision cherche à concilier plutôt qu’à opposer.',
            ],
            ['un développement qui dure', 'trois piliers à concilier', 'une responsabilité partagée'],
            'Ces notions servent de boussole à toutes les formations du catalogue.',
          ),
          lesson(
            'Les limites planétaires',
            10,
            [
              'Les scientifiques ont défini neuf limites planétaires, comme le climat, la biodiversité ou le cycle de l’eau douce, au-delà desquelles l’équilibre de la planète est menacé.',
              'Plusieurs de ces limites sont déjà franchies : c’est ce qui rend l’action urgente, à toutes les échelles, des choix personnels aux politiques publiques.',
            ],
            ['le changement climatique', 'l’érosion de la biodiversité', 'les pollutions chimiques'],
            'Les 17 objectifs de développement durable de l’ONU traduisent ces enjeux en cibles concrètes pour 2030.',
          ),
        ],
      },
      {
        title: 'Passer à l’action',
        lessons: [
          lesson(
            'Choisir son premier levier',
            10,
            [
              'Chacun peut agir à son échelle : au travail, dans sa commune, dans sa consommation. Le plus efficace est de commencer par ce qui pèse le plus et dépend directement de vous.',
              'Mesurer avant d’agir permet de choisir les bons leviers et de suivre ses progrès dans le temps, sans se disperser.',
            ],
            ['mesurer avant d’agir', 'choisir un premier geste', 'en parler autour de soi'],
            'Les formations du catalogue approfondissent chacun de ces leviers, pas à pas.',
          ),
        ],
      },
    ],
  },
  'Premiers pas vers le zéro déchet': {
    objectives: ['Expliquer la hiérarchie des modes de traitement des déchets', 'Repérer les déchets évitables de son quotidien', 'Adopter trois gestes de réduction'],
    target_audience: 'Toute personne qui souhaite réduire ses déchets, chez elle ou au travail.',
    prerequisites: 'Aucun prérequis : cette introduction est ouverte à tous.',
    assessment_methods: 'Un quiz d’autoévaluation en fin de parcours, sans note éliminatoire.',
    sections: [
      {
        title: 'Comprendre ses déchets',
        lessons: [
          lesson(
            'Le meilleur déchet est celui qu’on ne produit pas',
            10,
            [
              'La hiérarchie des déchets place la prévention avant le réemploi, le recyclage, la valorisation et, en dernier recours seulement, l’élimination en décharge ou en incinérateur.',
              'Un habitant produit environ 580 kg de déchets ménagers et assimilés par an en France : une bonne part est évitable avec quelques habitudes.',
            ],
            ['refuser le superflu', 'réduire les emballages', 'réutiliser avant de jeter'],
            'Chaque geste compte, et ils s’additionnent vite à l’échelle d’un foyer ou d’une équipe.',
          ),
          lesson(
            'Faire l’inventaire de sa poubelle',
            10,
            [
              'Pendant une semaine, notez ce que vous jetez : emballages, restes alimentaires, papiers, objets cassés. Cet inventaire simple révèle vite les déchets les plus fréquents.',
              'Classez-les ensuite entre ce que vous pourriez éviter, réemployer, composter ou recycler : c’est votre plan d’action personnel.',
            ],
            ['les emballages à usage unique', 'les biodéchets', 'les objets réparables'],
            'Cet inventaire sert de point de départ à la formation complète du catalogue.',
          ),
        ],
      },
      {
        title: 'Agir dès cette semaine',
        lessons: [
          lesson(
            'Trois gestes pour commencer',
            10,
            [
              'Quelques habitudes suffisent pour réduire nettement sa poubelle, sans bouleverser son quotidien ni son budget.',
              'Commencez par celles qui vous demandent le moins d’effort, puis ajoutez-en une nouvelle chaque mois pour les ancrer durablement.',
            ],
            ['une gourde et un sac réutilisable', 'le compost des biodéchets', 'les achats en vrac'],
            'La formation complète du catalogue vous accompagne plus loin, avec des outils pour votre foyer ou votre entreprise.',
          ),
        ],
      },
    ],
  },
};
