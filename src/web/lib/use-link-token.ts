import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The `?token=` (or another parameter's) of a page opened from an e-mailed link, read once on
 * arrival. The address is then replaced by the same page without it (history.replaceState
 * through the router, the history state kept), so the token stays out of the history, bookmarks
 * and screenshots; and while the page is open no request carries it as a referrer (the server
 * also sends Referrer-Policy: no-referrer).
 */
export function useLinkToken(parameter = 'token'): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get(parameter));

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has(parameter)) return;
    search.delete(parameter);
    const rest = search.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true, state: location.state as unknown });
  }, [location.pathname, location.search, location.state, navigate, parameter]);

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);

  return token;
}
