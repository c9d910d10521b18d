/** The platform's themes; their slugs appear in URLs such as /courses/ecologie. */
export const categories = [
  { slug: 'rse', name: 'RSE' },
  { slug: 'ecologie', name: 'Écologie' },
  { slug: 'biodiversite', name: 'Biodiversité' },
  { slug: 'ecoagriculture', name: 'Éco-agriculture' },
  { slug: 'dechets', name: 'Gestion des déchets' },
  { slug: 'ecoconstruction', name: 'Éco-construction' },
] as const;

export type CategorySlug = (typeof categories)[number]['slug'];
export const categorySlugs = categories.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

export function categoryName(slug: string): string {
  return categories.find((c) => c.slug === slug)?.name ?? slug;
}
