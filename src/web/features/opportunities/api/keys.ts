/** Query keys of the opportunities feature. */
export interface OpportunitySearch {
  type?: string | undefined;
  region?: string | undefined;
  domain?: string | undefined;
  scope?: 'open' | 'mine';
  page: number;
}

export const opportunityKeys = {
  all: ['opportunities'] as const,
  lists: ['opportunities', 'list'] as const,
  list: (search: OpportunitySearch) => ['opportunities', 'list', search] as const,
  one: (id: number) => ['opportunities', 'one', id] as const,
  responses: (id: number) => ['opportunities', 'responses', id] as const,
  mine: ['opportunities', 'my-applications'] as const,
  digest: ['opportunities', 'digest'] as const,
};
