import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { pageCount, type PageInfo } from '../../shared/paging';

export const moveLabels = { first: 'Première page', last: 'Dernière page', next: 'Page suivante', previous: 'Page précédente' } as const;

/** What a screen reader says of each button: the page it leads to, or that it is the current one. */
function itemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return selected ? `Page ${page}, page actuelle` : `Aller à la page ${page}`;
  return moveLabels[type as keyof typeof moveLabels] ?? '';
}

export interface PagerRows {
  /** The search matched more rows than the server counted: "sur plus de 1 000", no last page. */
  capped?: boolean;
  /** The page sizes to choose from ("Lignes par page"); none when the size is fixed. */
  sizes?: readonly number[];
  onSizeChange?: (size: number) => void;
}

/**
 * The pager of every paged list, fed by the list's answer (`total`, `pageSize`, see
 * src/shared/paging.ts), with French labels: numbered pages under a list (a table's pager is
 * `RowsPager`). It shows nothing when there is a single page. `label` names it ("Pages du catalogue").
 */
export function Pager({
  label,
  info,
  page,
  onChange,
  mt = 3,
}: {
  label: string;
  info: Pick<PageInfo, 'total' | 'pageSize'>;
  page: number;
  onChange: (page: number) => void;
  mt?: number;
}) {
  const count = pageCount(info);
  if (count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt }}>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        onChange={(_event, next) => onChange(next)}
        color="primary"
        shape="rounded"
        aria-label={label}
        getItemAriaLabel={itemLabel}
      />
    </Box>
  );
}
