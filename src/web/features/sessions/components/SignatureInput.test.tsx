import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionMessages } from '../../../../shared/live-sessions';
import { SignatureInput } from './SignatureInput';

describe('SignatureInput', () => {
  it('offers the typed name as a keyboard alternative and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<SignatureInput submitLabel="Valider ma signature" pending={false} error={null} onSubmit={onSubmit} defaultName="Léa Martin" />);
    expect(screen.getByRole('img', { name: 'Cadre de signature' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Taper mon nom' }));
    const field = screen.getByRole('textbox', { name: 'Votre nom complet' });
    expect(field).toHaveValue('Léa Martin');
    await user.click(screen.getByRole('button', { name: 'Valider ma signature' }));
    expect(onSubmit).toHaveBeenCalledWith({ typed_name: 'Léa Martin' });
  });

  it('refuses an empty typed name without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<SignatureInput submitLabel="Valider ma signature" pending={false} error={null} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Taper mon nom' }));
    await user.click(screen.getByRole('button', { name: 'Valider ma signature' }));
    expect(screen.getByRole('alert')).toHaveTextContent(sessionMessages.typedNameRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the frame is not ready while the pad loads, then that this browser cannot draw (jsdom has no canvas)', async () => {
    render(<SignatureInput submitLabel="Valider ma signature" pending={false} error={null} onSubmit={vi.fn()} />);
    const frame = screen.getByRole('img', { name: 'Cadre de signature' });
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(frame).toHaveAccessibleDescription(/^Préparation du cadre de signature…/);
    expect(await screen.findByText(/Ce navigateur ne permet pas de dessiner une signature/)).toBeInTheDocument();
    expect(frame).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the server’s refusal', () => {
    render(<SignatureInput submitLabel="Valider ma signature" pending={false} error={sessionMessages.signingClosed} onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(sessionMessages.signingClosed);
  });
});
