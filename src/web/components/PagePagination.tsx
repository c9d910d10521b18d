import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';

/** What a screen reader says of each button: the page it leads to, or that it is the current one. */
function itemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return selected ? `Page ${page}, page actuelle` : `Aller à la page ${page}`;
  if (type === 'next') return 'Page suivante';
  if (type === 'previous') return 'Page précédente';
  return type === 'first' ? 'Première page' : 'Dernière page';
}

/** Numbered pages under a list, with French labels; `label` names the list ("Pages du catalogue"). */
export function PagePagination({ count, page, onChange, label, mt = 3 }: { count: number; page: number; onChange: (page: number) => void; label: string; mt?: number }) {
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
