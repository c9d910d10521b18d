import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CategoryCount } from '../../../../shared/courses';

/** The themes as toggle buttons: a click selects one, a second click on it deselects it. */
export function CategoryChips({
  categories,
  selected,
  onToggle,
}: {
  categories: CategoryCount[];
  selected: string | null;
  onToggle: (slug: string | null) => void;
}) {
  return (
    <Stack direction="row" role="group" aria-label="Filtrer par catégorie" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {categories.map((category) => {
        const active = category.slug === selected;
        return (
          <Chip
            key={category.slug}
            component="button"
            type="button"
            clickable
            aria-pressed={active}
            onClick={() => onToggle(active ? null : category.slug)}
            label={`${category.name} (${category.count})`}
            color="primary"
            variant={active ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600, fontSize: 15, height: 36, px: 0.5 }}
          />
        );
      })}
    </Stack>
  );
}
