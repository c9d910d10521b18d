import { INITIAL_DATA_ELEMENT_ID } from '../../shared/constants';

/**
 * A public page's first API answers, sent inside its index.html so the browser shows it without
 * waiting for the code, then the call, then the image (decision 031).
 */
export interface InitialData {
  /** API path as the web app asks it (`/api/courses?page=1&pageSize=12`) → the body that call answers to a visitor. */
  answers: Record<string, unknown>;
  /** Images the page shows first, preloaded at high priority. */
  images: string[];
  /** The route pattern of the screen this page picks once its data is known, whose chunks are preloaded too. */
  screen?: string;
}

/**
 * What a feature inlines for an address, null for none. It must answer only what any visitor may
 * read (public, published data; never a token, never anything tied to a user).
 */
export type InitialDataSource = (pathname: string, query: URLSearchParams) => Promise<InitialData | null>;

/**
 * JSON safe inside a `<script>` element: `<` (so no `</script>` nor `<!--` can close or bend it), `>`
 * and `&` become escapes JSON.parse reads back as the same text; U+2028 and U+2029 too, for old parsers.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page with its answers and image preloads added at the end of `<head>`. */
export function withInitialData(page: string, data: InitialData): string {
  const images = data.images.map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`).join('');
  const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForHtml(data.answers)}</script>`;
  // A function, not a string: `$&` or `$'` in a course title must stay text, not become replacement patterns.
  return page.replace('</head>', () => `${images}${script}</head>`);
}
