import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webPaths } from '../../../../shared/web-paths';
import { renderRoutes } from '../../../test/render';
import { FakeXhr } from '../../../test/xhr';
import { mockStatusResponses, signIn, statusOf } from '../test/fixtures';
import UploadCvPage from './UploadCvPage';

const pdf = () => new File(['%PDF-1.4\n'], 'cv-camille.pdf', { type: 'application/pdf' });

function renderPage() {
  return renderRoutes(webPaths.uploadCv, {
    [webPaths.uploadCv]: <UploadCvPage />,
    [webPaths.waitingApproval]: <h1>Page d'attente</h1>,
  });
}

const fileInput = () => screen.getByLabelText('Choisir un fichier (CV)');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockStatusResponses(statusOf({ state: 'no_cv' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });

describe('UploadCvPage', () => {
  it('asks for a file for 3 seconds when none is selected, and sends nothing', async () => {
    signIn();
    renderPage();
    await user().click(screen.getByRole('button', { name: 'Envoyer et continuer' }));
    expect(screen.getByText('Veuillez sélectionner un fichier')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Veuillez sélectionner un fichier')).not.toBeInTheDocument();
  });

  it('shows the chosen file with its size, and removes it', async () => {
    signIn();
    renderPage();
    const u = user();
    await u.upload(fileInput(), new File(['x'.repeat(2048)], 'mon-cv.docx'));
    expect(screen.getByText('mon-cv.docx')).toBeInTheDocument();
    expect(screen.getByText('2,0 Ko')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Retirer le fichier mon-cv.docx' }));
    expect(screen.queryByText('mon-cv.docx')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    signIn();
    renderPage();
    const big = pdf();
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    const u = user();
    await u.upload(fileInput(), big);
    expect(screen.getByText('Le fichier dépasse la taille maximale de 10 Mo.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Envoyer et continuer' }));
    expect(FakeXhr.last).toBeNull();
    expect(screen.getByText('Veuillez sélectionner un fichier')).toBeInTheDocument();
  });

  it('refuses a file of another type before sending it', async () => {
    signIn();
    renderPage();
    await user().upload(fileInput(), new File(['bonjour'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Format non accepté : choisissez un fichier PDF, DOCX ou DOC.')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('accepts a file dropped on the zone', async () => {
    signIn();
    renderPage();
    const zone = screen.getByText('Glissez-déposez votre CV ici').parentElement!;
    const file = pdf();
    act(() => {
      zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true }), { dataTransfer: { files: [file] } }));
    });
    expect(screen.getByText('cv-camille.pdf')).toBeInTheDocument();
  });

  it('shows the real progress, then processing, then goes to the waiting page after 1 s', async () => {
    signIn();
    renderPage();
    const u = user();
    await u.upload(fileInput(), pdf());
    await u.click(screen.getByRole('button', { name: 'Envoyer et continuer' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload-cv');
    expect(xhr.headers.Authorization).toBe('Bearer jeton-de-test');
    expect((xhr.body!.get('cv') as File).name).toBe('cv-camille.pdf');

    act(() => xhr.progress(40, 100));
    expect(screen.getByText('Envoi…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: "Progression de l'envoi du CV" })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Envoyer et continuer' })).toBeDisabled();

    act(() => xhr.progress(100, 100));
    expect(screen.getByText('Traitement…')).toBeInTheDocument();

    act(() => xhr.respond(201, { cv: { name: 'cv-camille.pdf', size: 9, uploaded_at: '2026-05-01T10:00:00.000Z' } }));
    await screen.findByText('CV envoyé. Redirection…');
    expect(screen.queryByText("Page d'attente")).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText("Page d'attente")).toBeInTheDocument();
  });

  it("shows the server's message in a red toast for 3 s", async () => {
    signIn();
    renderPage();
    const u = user();
    await u.upload(fileInput(), pdf());
    await u.click(screen.getByRole('button', { name: 'Envoyer et continuer' }));
    act(() =>
      FakeXhr.last!.respond(415, { error_code: 'unsupported_file_type', message: 'Format non accepté : choisissez un fichier PDF, DOCX ou DOC.' }),
    );
    const toast = await screen.findByText('Erreur : Format non accepté : choisissez un fichier PDF, DOCX ou DOC.');
    const alert = toast.closest('.MuiAlert-root');
    expect(alert).toHaveClass('MuiAlert-filled');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(screen.getByRole('button', { name: 'Envoyer et continuer' })).toBeEnabled();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(screen.queryByText(/^Erreur :/)).not.toBeInTheDocument());
  });

  it("falls back to 'Une erreur est survenue' when the server gives no message", async () => {
    signIn();
    renderPage();
    const u = user();
    await u.upload(fileInput(), pdf());
    await u.click(screen.getByRole('button', { name: 'Envoyer et continuer' }));
    act(() => FakeXhr.last!.respond(400, { error_code: 'invalid_request', message: '' }));
    expect(await screen.findByText('Erreur : Une erreur est survenue')).toBeInTheDocument();
  });

  it('tells a trainer which CV is already on file', async () => {
    mockStatusResponses(statusOf({ cv: { name: 'ancien-cv.pdf', size: 2048, uploaded_at: '2026-05-01T10:00:00.000Z' } }));
    signIn();
    renderPage();
    expect(await screen.findByText(/CV déjà reçu : ancien-cv\.pdf \(2,0 Ko\)/)).toBeInTheDocument();
  });

  it('explains to a member that the page is for trainers and links to the courses', async () => {
    signIn({ role: 'membre', isApproved: true });
    renderPage();
    expect(screen.getByText(/Cette page est réservée aux formateurs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir les cours' })).toHaveAttribute('href', webPaths.catalogue);
    expect(screen.queryByRole('button', { name: 'Envoyer et continuer' })).not.toBeInTheDocument();
  });
});
