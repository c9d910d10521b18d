import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog(props: { pending?: boolean; error?: string | null } = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog open title="Supprimer ce cours ?" confirmLabel="Supprimer" pending={props.pending ?? false} error={props.error} onClose={onClose} onConfirm={onConfirm}>
      Le cours sera définitivement supprimé.
    </ConfirmDialog>,
  );
  return { onClose, onConfirm };
}

describe('ConfirmDialog', () => {
  it('is named by its question, described by its text, and focuses "Annuler"', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce cours ?' });
    expect(dialog).toHaveAccessibleDescription('Le cours sera définitivement supprimé.');
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
  });

  it('confirms with the button naming the action, and cancels with "Annuler" or Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose, onConfirm } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('while the action runs, disables both buttons and stays open on Escape; shows its error', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderDialog({ pending: true, error: "La suppression n'a pas abouti." });
    expect(await screen.findByRole('button', { name: 'Supprimer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText("La suppression n'a pas abouti.")).toBeInTheDocument();
  });
});
