import MenuIcon from '../../components/icons/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useId, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { NAVBAR_HEIGHT_PX, NAVBAR_HIDE_THRESHOLD_PX } from '../../../shared/constants';
import { useTrainerStatusSync } from '../../features/trainers/hooks/useTrainerStatusSync';
import { usePopupAnchor } from '../../lib/popup';
import { useSession } from '../../lib/session';
import { webPaths } from '../../../shared/web-paths';
import { LinkButton } from '../../components/LinkButton';
import { desktopLinks, isActive, mobileLinks, visitorActions, type NavEntry } from './navigation';
import { visuallyHidden } from '../../components/visually-hidden';

// Menus load on demand: the landing page's JavaScript budget (170 KB gz) has no room for code
// a visitor may never open, and the account menu only concerns signed-in users.
const loadMobileMenu = () => import('./MobileMenuPopup');
const MobileMenuPopup = lazy(loadMobileMenu);
const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('../../features/notifications/components/NotificationBell'));
const MessagesNavButton = lazy(() => import('../../features/messages/components/MessagesNavButton'));

const MAIN_ID = 'contenu';

/** Lets keyboard users jump over the navigation bar straight to the page's content. */
function SkipLink() {
  function jump(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Handled here so the router's URL keeps no '#contenu' and focus really moves into the page.
    event.preventDefault();
    main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={jump}
      sx={{
        ...visuallyHidden,
        '&:focus': {
          clip: 'auto',
          width: 'auto',
          height: 'auto',
          margin: 0,
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: 2000,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'primary.dark',
          fontWeight: 700,
          borderRadius: 1,
          boxShadow: 3,
        },
      }}
    >
      Aller au contenu principal
    </Box>
  );
}

function Logo() {
  return (
    <Box
      component={RouterLink}
      to={webPaths.home}
      aria-label="EcoForma – Accueil"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.dark', textDecoration: 'none', fontWeight: 800, fontSize: 22, mr: { xs: 0, sm: 2 } }}
    >
      <img src="/logo.svg" alt="" width={40} height={40} />
      EcoForma
    </Box>
  );
}

/** The hamburger below the medium breakpoint: the same entries as the bar, in a keyboard-operable menu. */
function MobileMenu({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  // Each opening starts afresh, with the focus on the current page's entry rather than the last one visited.
  const { anchor, openings, open, openFrom, close } = usePopupAnchor();
  const menuId = useId();
  return (
    <Box component="nav" aria-label="Navigation principale" sx={{ display: { xs: 'flex', lg: 'none' } }}>
      <IconButton
        color="inherit"
        aria-label="Ouvrir le menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        onPointerEnter={loadMobileMenu}
        onFocus={loadMobileMenu}
        onClick={openFrom}
        size="large"
      >
        <MenuIcon />
      </IconButton>
      {openings > 0 && (
        <Suspense fallback={null}>
          <MobileMenuPopup
            key={openings}
            anchor={anchor}
            onClose={close}
            entries={entries}
            pathname={pathname}
            menuId={menuId}
          />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The top bar of every page (spec section 2): sticky, 70 px, hidden while scrolling down past
 * 100 px, links per role, the account menu, and a hamburger below the medium breakpoint.
 */
export function NavBar() {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  // Spec section 4: a trainer's status is rechecked on each route change.
  useTrainerStatusSync();
  // True while scrolling down beyond the threshold, false as soon as the reader scrolls up.
  const hidden = useScrollTrigger({ threshold: NAVBAR_HIDE_THRESHOLD_PX });
  const links = desktopLinks(user);
  const menuEntries = mobileLinks(user);

  return (
    <>
      <SkipLink />
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        data-hidden={hidden ? 'true' : 'false'}
        sx={{
          height: NAVBAR_HEIGHT_PX,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          transform: hidden ? 'translateY(-100%)' : 'none',
          transition: 'transform 250ms ease',
          // A keyboard user tabbing into the hidden bar must see where the focus is.
          '&:focus-within': { transform: 'none' },
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        {/* Narrower padding and no gaps on a phone: logo, bell, account and menu buttons must fit in 360 px
            (the icon buttons' own padding already spaces them). */}
        <Toolbar
          sx={{
            minHeight: `${NAVBAR_HEIGHT_PX}px !important`,
            height: NAVBAR_HEIGHT_PX,
            gap: { xs: 0, sm: 1 },
            px: { xs: 1, sm: 2 },
          }}
        >
          <Logo />
          {links.length > 0 && (
            <Box component="nav" aria-label="Navigation principale" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5 }}>
              {links.map((entry) => {
                const active = isActive(entry, pathname);
                return (
                  <LinkButton
                    key={entry.to}
                    to={entry.to}
                    aria-current={active ? 'page' : undefined}
                    sx={{
                      px: 1.5,
                      color: active ? 'primary.dark' : 'text.primary',
                      boxShadow: active ? 'inset 0 -3px 0 currentColor' : 'none',
                      borderRadius: 1,
                    }}
                  >
                    {entry.label}
                  </LinkButton>
                );
              })}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {!user && (
            <Box sx={{ display: { xs: 'none', lg: 'flex' }, gap: 1 }}>
              <LinkButton to={visitorActions.login.to} variant="outlined">
                {visitorActions.login.label}
              </LinkButton>
              <LinkButton to={visitorActions.signup.to} variant="contained">
                {visitorActions.signup.label}
              </LinkButton>
            </Box>
          )}
          {user && (
            <Suspense fallback={<Box sx={{ width: 48 }} />}>
              <MessagesNavButton key={user.id} userId={user.id} />
            </Suspense>
          )}
          {user && (
            <Suspense fallback={<Box sx={{ width: 48 }} />}>
              <NotificationBell key={user.id} userId={user.id} />
            </Suspense>
          )}
          {user && (
            <Suspense fallback={<Box sx={{ width: 44 }} />}>
              <AccountMenu user={user} />
            </Suspense>
          )}
          {menuEntries.length > 0 && <MobileMenu entries={menuEntries} pathname={pathname} />}
        </Toolbar>
      </AppBar>
    </>
  );
}
