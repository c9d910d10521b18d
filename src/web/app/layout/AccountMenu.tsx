import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId } from 'react';
import { usePopupAnchor } from '../../lib/popup';
import type { SessionUser } from '../../lib/session';
import { visuallyHidden } from '../../components/visually-hidden';

const loadPanel = () => import('./AccountMenuPanel');
const AccountMenuPanel = lazy(loadPanel);

/**
 * The avatar button with the first name, and the menu of the signed-in user's own pages.
 * Loaded on demand (default export for React.lazy): visitors never download it. The menu's code
 * comes when the button is first pointed at or focused, like the hamburger's.
 */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const { anchor, openings, open, openFrom, close } = usePopupAnchor();
  const buttonId = useId();
  const menuId = useId();

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={openFrom}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        sx={{ gap: 1, px: 1, borderRadius: 6 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }} aria-hidden="true">
          {(user.firstname || user.email).charAt(0).toUpperCase()}
        </Avatar>
        {/* Named by its own text, so the name holds what shows (WCAG 2.5.3): the first name, then what it opens. */}
        <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
          {user.firstname}
        </Box>{' '}
        <Box component="span" sx={visuallyHidden}>
          (menu du compte)
        </Box>
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <AccountMenuPanel key={openings} user={user} anchor={anchor} onClose={close} buttonId={buttonId} menuId={menuId} />
        </Suspense>
      )}
    </>
  );
}
