import { categories } from '../../shared/categories';
import { regions } from '../../shared/regions';

/** The regions and the domains of the transition as the lists' filters offer them (FilterSelect). */
export const regionOptions = regions.map((r) => ({ value: r.slug, label: r.name }));
export const domainOptions = categories.map((c) => ({ value: c.slug, label: c.name }));
