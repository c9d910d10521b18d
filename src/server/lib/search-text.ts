import { normalizeSearch } from '../../shared/text';

/**
 * What the users' `search_text` column holds, kept in step with every write of a name or an
 * email; the admin search matches it with LIKE (docs/decisions/002-search-columns.md).
 */
export function userSearchText(user: { firstname: string; lastname: string; email: string }): string {
  return normalizeSearch(`${user.firstname} ${user.lastname} ${user.email}`);
}
