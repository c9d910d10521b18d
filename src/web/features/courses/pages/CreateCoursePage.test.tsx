import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { courseDetail, signIn } from '../test/fixtures';
import CreateCoursePage from './CreateCoursePage';

const routes = { '/formateur/add-course': <CreateCoursePage /> };

afterEach(() => vi.unstubAllGlobals());

describe('CreateCoursePage', () => {
  it('shows the form with euro labels and the shared French messages before sending anything', async () => {
    signIn({ role: 'formateur', isApproved: true });
    const { calls } = mockApi({});
    renderRoutes('/formateur/add-course', routes, { showLocation: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Créer un nouveau cours' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Prix \(en €\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Prix remisé \(en €, facultatif\)/)).toBeInTheDocument();
    // Issue 25: the required image says so, the pace is the trainer's text, and the button says what it does.
    expect(screen.getByLabelText('Image du cours *')).toBeInTheDocument();
    expect(screen.getByLabelText(/Rythme conseillé/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Soumettre le cours' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Créer le brouillon' }));
    expect(await screen.findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La description est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir une catégorie.')).toBeInTheDocument();
    expect(screen.getByText('Le prix est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Le rythme conseillé est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText("L'image du cours est obligatoire.")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses a discount that is not below the price, and a price that is not a positive number', async () => {
    signIn({ role: 'formateur', isApproved: true });
    mockApi({});
    renderRoutes('/formateur/add-course', routes, { showLocation: true });
    await userEvent.type(screen.getByLabelText(/Prix \(en €\)/), '80');
    await userEvent.type(screen.getByLabelText(/Prix remisé/), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le brouillon' }));
    expect(await screen.findByText('Le prix remisé doit être inférieur au prix.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Prix \(en €\)/));
    await userEvent.type(screen.getByLabelText(/Prix \(en €\)/), '-4');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le brouillon' }));
    expect(await screen.findByText('Le prix doit être un nombre positif.')).toBeInTheDocument();
  });

  it('refuses an image that is not JPEG, PNG or WebP, and previews an accepted one with its name', async () => {
    signIn({ role: 'formateur', isApproved: true });
    mockApi({});
    // jsdom has no object URLs: the preview gets a fixed one.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:apercu';
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    renderRoutes('/formateur/add-course', routes, { showLocation: true });
    const input = screen.getByLabelText('Image du cours *');
    await userEvent.upload(input, new File(['%PDF'], 'programme.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText("L'image doit être au format JPEG, PNG ou WebP.")).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' }));
    expect(screen.queryByText("L'image doit être au format JPEG, PNG ou WebP.")).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Aperçu de l'image choisie\u00a0: photo.png" })).toHaveAttribute('src', 'blob:apercu');
    expect(screen.getByText('photo.png')).toBeInTheDocument();
  });

  it('refuses an attachment of another type and shows the chosen one with its size', async () => {
    signIn({ role: 'formateur', isApproved: true });
    mockApi({});
    renderRoutes('/formateur/add-course', routes, { showLocation: true });
    const input = screen.getByLabelText('Pièce jointe (vidéo, PDF ou Word)');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('La pièce jointe doit être une vidéo (MP4, WebM, MOV), un PDF ou un document Word.')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array(3000)], 'support.docx', { type: '' }));
    expect(screen.getByText('support.docx')).toBeInTheDocument();
    expect(screen.getByText('2,9 Ko')).toBeInTheDocument();
  });

  it('fills the form of an existing course in edit mode', async () => {
    signIn({ role: 'formateur', isApproved: true, id: 3 });
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, price: 69.9, discountPrice: null, user: { id: 3, name: 'Claire Dubois', avatar: null } }) } });
    renderRoutes('/formateur/add-course?edit=7', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier le cours' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Titre du cours/)).toHaveValue('Zéro déchet en entreprise');
    expect(screen.getByLabelText(/Prix \(en €\)/)).toHaveValue('69,90');
    expect(screen.getByLabelText(/Catégorie/)).toHaveValue('dechets');
    expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeInTheDocument();
  });

  it("refuses to edit someone else's course", async () => {
    signIn({ role: 'formateur', isApproved: true, id: 3 });
    mockApi({ 'GET /api/courses/7': { body: courseDetail({ id: 7, user: { id: 99, name: 'Autre Personne', avatar: null } }) } });
    renderRoutes('/formateur/add-course?edit=7', routes, { showLocation: true });
    expect(await screen.findByText("Ce cours n'existe pas ou vous ne pouvez pas le modifier.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer les modifications' })).not.toBeInTheDocument();
  });
});
