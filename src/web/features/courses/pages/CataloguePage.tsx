import SearchIcon from '../../../components/icons/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { toQuery } from '../../../lib/api-client';
import { useCategories } from '../api/get-categories';
import { useCourses } from '../api/get-courses';
import { CategoryChips } from '../components/CategoryChips';
import { CourseCard } from '../components/CourseCard';
import { usePageTitle } from '../../../lib/page-title';
import { Pager } from '../../../components/Pager';
import { formatNumber, plural } from '../../../../shared/french-format';
import { ActivityPanel } from '../../activity';

const SEARCH_DEBOUNCE_MS = 300;
const EMPTY_TEXT = "Aucun cours ne correspond à vos critères. Essayez d'ajuster votre recherche.";

/**
 * « 3 cours trouvés », or for a search matching more than the server ranks (CATALOGUE_SEARCH_CAP,
 * decision 055) what the pages hold and how to reach the others.
 */
function foundText({ total, totalCapped }: { total: number; totalCapped?: boolean }): string {
  if (!totalCapped) return plural(total, 'cours trouvé', 'cours trouvés');
  return `Plus de ${plural(total, 'cours trouvé', 'cours trouvés')} : voici les ${formatNumber(total)} plus récents, classés par pertinence. Précisez votre recherche ou choisissez un thème pour trouver les autres.`;
}

interface CatalogueState {
  q: string;
  category: string | null;
  page: number;
}

/**
 * The search text, category and page live in the address, so back, reload and a shared link
 * show the same results. On /courses/{slug} (visitors' links) the category is the path's slug;
 * on /user/courses it is the `category` query parameter.
 */
function useCatalogueAddress() {
  const { slug } = useParams<{ slug?: string }>();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isPublic = !pathname.startsWith(webPaths.catalogue);
  const pageParam = Number(searchParams.get('page'));
  const state: CatalogueState = {
    q: searchParams.get('q') ?? '',
    category: (isPublic ? slug : searchParams.get('category')) ?? null,
    page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1,
  };

  function go(changes: Partial<CatalogueState>, { replace = false } = {}) {
    const next = { ...state, page: 1, ...changes };
    const query = toQuery({
      q: next.q || undefined,
      category: isPublic ? undefined : (next.category ?? undefined),
      page: next.page > 1 ? next.page : undefined,
    });
    const base = isPublic ? (next.category ? webPaths.publicCategory(next.category) : webPaths.publicCourses) : webPaths.catalogue;
    navigate(`${base}${query}`, { replace });
  }

  return { state, go, isPublic };
}

/** Spec section 2 'Course catalogue', fed by the API: /user/courses, and /courses(/{slug}) for visitors. */
export default function CataloguePage() {
  usePageTitle('Explorez nos cours');
  const { state, go, isPublic } = useCatalogueAddress();
  const categories = useCategories();
  const courses = useCourses({ q: state.q.trim() || undefined, category: state.category ?? undefined, page: state.page, pageSize: CATALOGUE_PAGE_SIZE });

  // What is typed shows at once; the address (and the search) follow 300 ms after the last key.
  const [text, setText] = useState(state.q);
  const [shownQ, setShownQ] = useState(state.q);
  if (state.q !== shownQ) {
    // The address changed on its own (back, forward, a link): the box follows it.
    setShownQ(state.q);
    setText(state.q);
  }
  const pendingSearch = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (text.trim() === state.q.trim()) return;
    pendingSearch.current = setTimeout(() => go({ q: text.trim() }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pendingSearch.current);
    // `go` is rebuilt on each render; the search only depends on what was typed and the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, state.q]);
  // A result opened within the delay: this page stays on screen while the next one loads, and the
  // pending search must not take the reader back to the list.
  const dropPendingSearch = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) clearTimeout(pendingSearch.current);
  };

  const firstLoad = courses.isPending || categories.isPending;
  // The cards render in the background, in slices, once the answer is there: a page of twelve cards
  // would otherwise hold the main thread in one long task (TBT, decision 031). The initial null defers
  // them on the first render too, when the answer came inlined with the page.
  const data = useDeferredValue(firstLoad ? null : (courses.data ?? null), null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" sx={{ color: 'primary.dark', mb: 1, fontSize: { xs: 32, md: 44 } }}>
        Explorez nos cours
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Des formations conçues par des experts pour agir en faveur du développement durable : RSE, écologie, biodiversité,
        éco-agriculture, gestion des déchets et éco-construction.
      </Typography>
      {!isPublic && <ActivityPanel />}

      <Box role="search" sx={{ mb: 2 }}>
        {/* OutlinedInput rather than TextField: TextField brings Select, Menu, Popover and Modal into the catalogue's chunk (decision 031). */}
        <OutlinedInput
          type="search"
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Rechercher des cours…"
          slotProps={{ input: { 'aria-label': 'Rechercher des cours', maxLength: 200 } }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          }
          sx={{ bgcolor: 'background.paper', maxWidth: 720 }}
        />
      </Box>

      {/* The first answers arrive together: the chips, the count and the cards take their places at once,
          where the spinner was, instead of pushing each other down as each arrives (CLS, decision 031). */}
      {firstLoad ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement des cours" />
        </Box>
      ) : (
        categories.data && (
          <Box sx={{ mb: 4 }}>
            <CategoryChips categories={categories.data} selected={state.category} onToggle={(category) => go({ category })} />
          </Box>
        )
      )}

      <Typography aria-live="polite" role="status" variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: 20 }}>
        {data ? foundText(data) : ''}
      </Typography>

      {courses.isError && !data && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {courses.error.message}
        </Alert>
      )}

      {data && data.items.length === 0 && (
        <Typography sx={{ py: 6, textAlign: 'center', fontSize: 18 }}>{EMPTY_TEXT}</Typography>
      )}

      {data && data.items.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
            opacity: courses.isPlaceholderData ? 0.6 : 1,
            transition: 'opacity 150ms',
          }}
          aria-busy={courses.isFetching}
          onClickCapture={dropPendingSearch}
        >
          {data.items.map((course, index) => (
            // The first row (three cards at most) is on screen on arrival.
            <CourseCard key={course.id} course={course} href={isPublic ? webPaths.publicCourse : webPaths.courseDetail} priority={index < 3} />
          ))}
        </Box>
      )}

      {data && <Pager info={data} page={state.page} onChange={(page) => { go({ page }); window.scrollTo(0, 0); }} label="Pages du catalogue" mt={5} />}
    </Container>
  );
}
