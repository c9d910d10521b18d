import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import {
  organisationFieldLabels,
  sectorLabels,
  sectors,
  sizeBandLabels,
  sizeBands,
  type OrganisationFieldName,
} from '../../../../shared/organisations';

/** What a form gives each input: react-hook-form's registration, with the input's ref and its error. */
export interface FieldBinding {
  name: string;
  inputRef: Ref<HTMLInputElement | HTMLSelectElement>;
  onChange: (...args: never[]) => unknown;
  onBlur: (...args: never[]) => unknown;
  error: boolean;
  helperText: string | undefined;
  fullWidth: boolean;
}

/**
 * The organisation's own fields (name, SIRET, sector, size, address, contact e-mail), the same on
 * the signup and profile forms. The caller's form registers each one and lays them on its grid.
 */
export function OrganisationFields({ field }: { field: (name: OrganisationFieldName) => FieldBinding }) {
  const select = { select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } } as const;
  const bound = (name: OrganisationFieldName) => field(name) as unknown as Record<string, unknown> & { helperText: string | undefined };
  return (
    <>
      <TextField {...bound('organisation_name')} label={organisationFieldLabels.organisation_name} autoComplete="organization" required sx={{ gridColumn: '1 / -1' }} />
      <TextField
        {...bound('siret')}
        label={organisationFieldLabels.siret}
        required
        helperText={bound('siret').helperText ?? '14 chiffres, sur votre extrait Kbis ou votre avis de situation Insee.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
      <TextField {...bound('size_band')} {...select} label={organisationFieldLabels.size_band} required>
        <option value="">Choisissez une tranche</option>
        {sizeBands.map((band) => (
          <option key={band} value={band}>
            {sizeBandLabels[band]}
          </option>
        ))}
      </TextField>
      <TextField {...bound('sector')} {...select} label={organisationFieldLabels.sector} required sx={{ gridColumn: '1 / -1' }}>
        <option value="">Choisissez un secteur</option>
        {sectors.map((sector) => (
          <option key={sector} value={sector}>
            {sectorLabels[sector]}
          </option>
        ))}
      </TextField>
      <TextField {...bound('address')} label={organisationFieldLabels.address} autoComplete="street-address" required sx={{ gridColumn: '1 / -1' }} />
      <TextField {...bound('postal_code')} label={organisationFieldLabels.postal_code} autoComplete="postal-code" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextField {...bound('city')} label={organisationFieldLabels.city} autoComplete="address-level2" required />
      <TextField
        {...bound('contact_email')}
        label={`${organisationFieldLabels.contact_email} (facultatif)`}
        type="email"
        autoComplete="email"
        helperText={bound('contact_email').helperText ?? "Vide : l'adresse e-mail de connexion."}
        sx={{ gridColumn: '1 / -1' }}
      />
    </>
  );
}
