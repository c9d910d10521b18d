import SearchIcon from '../../../components/icons/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH, type UserStatusFilter } from '../../../../shared/admin';
import type { Role } from '../../../../shared/roles';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Spec: role filter all / membre / formateur / organisme; status filter all / approved / pending. */
const roleOptions: Array<{ value: '' | Role; label: string }> = [
  { value: '', label: 'Tous' },
  { value: 'membre', label: 'Membre' },
  { value: 'formateur', label: 'Formateur' },
  { value: 'organisme', label: 'Organisation' },
];
const statusOptions: Array<{ value: '' | UserStatusFilter; label: string }> = [
  { value: '', label: 'Tous' },
  { value: 'approved', label: 'Approuvés' },
  { value: 'pending', label: 'En attente' },
];

/** Search (sent after a pause in typing) and the role and status filters. */
export function UsersToolbar({
  q,
  role,
  status,
  onChange,
  showStatus = true,
}: {
  q: string;
  role: Role | undefined;
  status: UserStatusFilter | undefined;
  onChange: (changes: { q?: string; role?: string; status?: string }) => void;
  showStatus?: boolean;
}) {
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, 300);
  const sent = useRef(q);

  // The address changed by itself (back button, link): show its search.
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    const next = debounced.trim();
    if (next !== sent.current) {
      sent.current = next;
      onChange({ q: next });
    }
  }, [debounced, onChange]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        label="Rechercher"
        placeholder="Prénom, nom ou e-mail"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        sx={{ flex: 1, minWidth: 220 }}
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField select label="Rôle" value={role ?? ''} onChange={(event) => onChange({ role: event.target.value })} size="small" sx={{ minWidth: 180 }}>
        {roleOptions.map((option) => (
          <MenuItem key={option.value || 'all'} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {showStatus && (
        <TextField select label="Statut" value={status ?? ''} onChange={(event) => onChange({ status: event.target.value })} size="small" sx={{ minWidth: 180 }}>
          {statusOptions.map((option) => (
            <MenuItem key={option.value || 'all'} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
