import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { BELOW_BUTTON } from '../../lib/popup';
import { isActive, type NavEntry } from './navigation';

export interface MobileMenuPopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  entries: NavEntry[];
  pathname: string;
  menuId: string;
}

/**
 * The hamburger's menu: arrow keys move between entries, Escape and Tab close it and focus returns
 * to the button. Loaded on first use (default export for React.lazy) to keep the landing page light.
 */
export default function MobileMenuPopup({ anchor, onClose, entries, pathname, menuId }: MobileMenuPopupProps) {
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      {...BELOW_BUTTON}
      slotProps={{ list: { 'aria-label': 'Navigation principale' }, paper: { sx: { minWidth: 220 } } }}
    >
      {entries.map((entry) => {
        const active = isActive(entry, pathname);
        return (
          <MenuItem key={entry.to} component={RouterLink} to={entry.to} onClick={onClose} selected={active} aria-current={active ? 'page' : undefined}>
            {entry.label}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
