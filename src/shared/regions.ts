/** The 18 regions of France (13 in mainland France, 5 overseas), as the directory and the opportunities name them. */
export const regions = [
  { slug: 'auvergne-rhone-alpes', name: 'Auvergne-Rhône-Alpes' },
  { slug: 'bourgogne-franche-comte', name: 'Bourgogne-Franche-Comté' },
  { slug: 'bretagne', name: 'Bretagne' },
  { slug: 'centre-val-de-loire', name: 'Centre-Val de Loire' },
  { slug: 'corse', name: 'Corse' },
  { slug: 'grand-est', name: 'Grand Est' },
  { slug: 'hauts-de-france', name: 'Hauts-de-France' },
  { slug: 'ile-de-france', name: 'Île-de-France' },
  { slug: 'normandie', name: 'Normandie' },
  { slug: 'nouvelle-aquitaine', name: 'Nouvelle-Aquitaine' },
  { slug: 'occitanie', name: 'Occitanie' },
  { slug: 'pays-de-la-loire', name: 'Pays de la Loire' },
  { slug: 'provence-alpes-cote-d-azur', name: 'Provence-Alpes-Côte d’Azur' },
  { slug: 'guadeloupe', name: 'Guadeloupe' },
  { slug: 'martinique', name: 'Martinique' },
  { slug: 'guyane', name: 'Guyane' },
  { slug: 'la-reunion', name: 'La Réunion' },
  { slug: 'mayotte', name: 'Mayotte' },
] as const;

export type RegionSlug = (typeof regions)[number]['slug'];
export const regionSlugs = regions.map((r) => r.slug) as [RegionSlug, ...RegionSlug[]];

export function regionName(slug: string): string {
  return regions.find((r) => r.slug === slug)?.name ?? slug;
}
