import { fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingMessage, reviewDoneMessages, submissionRequirements } from '../../../../shared/reviews';
import { mockApi, noAnswer, type MockAnswer } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { signInAs, sessionUser } from '../../../test/session';
import { FakeXhr } from '../../../test/xhr';
import { learningMessages } from '../../../../shared/learning';
import { reorderedOutline } from '../api/reorder';
import { authoredCourse, sampleOutline } from '../test/fixtures';
import CourseContentPage from './CourseContentPage';

const routes = { '/formateur/courses/:id/contenu': <CourseContentPage /> };
const address = '/formateur/courses/7/contenu';
const author = sessionUser({ id: 3, role: 'formateur', isApproved: true });

const course = authoredCourse({ objectives: ['Installer un composteur'], target_audience: 'Habitants' });

function validation(errors: Record<string, string[]>): MockAnswer {
  return { status: 422, body: { error_code: 'validation_failed', message: 'Certains champs sont invalides.', errors } };
}

function open(extra: Parameters<typeof mockApi>[0] = {}) {
  signInAs(author);
  const api = mockApi({ 'GET /api/courses/7': { body: course }, 'GET /api/courses/7/outline': { body: sampleOutline() }, ...extra });
  renderRoutes(address, routes);
  return api;
}

/** The editor has loaded (the first render pulls MUI and dnd-kit in: a generous bound, not a timing). */
async function loaded() {
  await screen.findByRole('heading', { level: 3, name: 'Chapitre 1\u00a0: Comprendre le compost' }, { timeout: 10_000 });
}

afterEach(() => vi.unstubAllGlobals());

describe('CourseContentPage', () => {
  it('shows the public information and the chapters with their lessons in order', async () => {
    open();
    await loaded();
    expect(screen.getByRole('heading', { level: 3, name: 'Chapitre 1 : Comprendre le compost' })).toBeInTheDocument();
    expect(screen.getByLabelText('Objectif 1')).toHaveValue('Installer un composteur');
    expect(screen.getByLabelText('Public visé')).toHaveValue('Habitants');
    const lessons = within(screen.getByRole('list', { name: 'Leçons du chapitre « Comprendre le compost »' })).getAllByRole('listitem');
    expect(lessons.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Le cycle de la matière'),
      expect.stringContaining('Les bons déchets'),
      expect.stringContaining('Les erreurs courantes'),
    ]);
    expect(within(lessons[0]!).getByText('Aperçu gratuit')).toBeInTheDocument();
  });

  it('refuses a course the trainer did not write', async () => {
    signInAs(sessionUser({ id: 99, role: 'formateur', isApproved: true }));
    const { calls } = mockApi({ 'GET /api/courses/7': { body: course } });
    renderRoutes(address, routes);
    expect(await screen.findByText("Ce cours n'existe pas ou vous ne pouvez pas modifier son contenu.")).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/courses/7']);
  });

  it('saves the objectives as a list with the other fields, and shows the server messages on their fields', async () => {
    let answer = validation({ 'objectives.1': ['Un objectif ne peut pas être vide.'], prerequisites: ['Ce champ ne doit pas dépasser 2000 caractères.'] });
    const { calls } = open({ 'PUT /api/courses/7/information': () => answer });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un objectif' }));
    expect(screen.getByLabelText('Objectif 2')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations' }));
    expect(await screen.findByText('Un objectif ne peut pas être vide.')).toBeInTheDocument();
    expect(screen.getByLabelText('Objectif 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ce champ ne doit pas dépasser 2000 caractères.')).toBeInTheDocument();

    answer = { status: 200, body: { objectives: ['Installer un composteur', 'Animer le site'], target_audience: 'Habitants', prerequisites: '', assessment_methods: 'Quiz final' } };
    await userEvent.type(screen.getByLabelText('Objectif 2'), 'Animer le site');
    await userEvent.type(screen.getByLabelText("Modalités d'évaluation"), 'Quiz final');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations' }));
    expect(await screen.findByText('Informations publiques enregistrées.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)!.body).toEqual({
      objectives: ['Installer un composteur', 'Animer le site'],
      target_audience: 'Habitants',
      prerequisites: '',
      assessment_methods: 'Quiz final',
      access_delay: '',
      teaching_methods: '',
      accessibility: '',
      contact: '',
      certification: null,
    });

    await userEvent.click(screen.getByRole('button', { name: "Retirer l'objectif 2" }));
    expect(screen.queryByLabelText('Objectif 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Retirer l'objectif 1" })).toBeDisabled();
  });

  it('saves the practical information and a certification, and shows the server messages under their fields', async () => {
    let answer = validation({ contact: ['Le contact doit comporter une adresse e-mail ou un numéro de téléphone.'], 'certification.code': ['Le code de certification doit être un code RNCP ou RS, par exemple RNCP12345 ou RS1234.'] });
    const { calls } = open({ 'PUT /api/courses/7/information': () => answer });
    await loaded();
    await userEvent.type(screen.getByLabelText("Délais d'accès"), 'Sous 48 heures');
    await userEvent.type(screen.getByLabelText('Méthodes mobilisées'), 'Leçons et quiz');
    await userEvent.type(screen.getByLabelText('Accessibilité aux personnes en situation de handicap'), 'Référente handicap');
    await userEvent.type(screen.getByLabelText('Contact'), 'Claire Martin');
    expect(screen.queryByLabelText('Code de la certification')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Le cours prépare à une certification (RNCP ou RS)'));
    await userEvent.type(screen.getByLabelText('Code de la certification'), 'RNC1');
    await userEvent.type(screen.getByLabelText('Certificateur'), 'France compétences');
    fireEvent.change(screen.getByLabelText("Date d'enregistrement"), { target: { value: '2024-03-15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations' }));
    expect(await screen.findByText('Le contact doit comporter une adresse e-mail ou un numéro de téléphone.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Le code de certification doit être un code RNCP ou RS, par exemple RNCP12345 ou RS1234.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      access_delay: 'Sous 48 heures',
      teaching_methods: 'Leçons et quiz',
      accessibility: 'Référente handicap',
      contact: 'Claire Martin',
      certification: { code: 'RNC1', certifier: 'France compétences', registered_on: '2024-03-15' },
    });

    answer = { status: 200, body: { ...course, contact: 'claire@exemple.fr' } };
    await userEvent.click(screen.getByLabelText('Le cours prépare à une certification (RNCP ou RS)'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les informations' }));
    expect(await screen.findByText('Informations publiques enregistrées.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ certification: null });
  });

  it('adds a chapter, showing the server message for an empty title', async () => {
    let answer = validation({ title: ['Le titre du chapitre est obligatoire.'] });
    const { calls } = open({ 'POST /api/courses/7/sections': () => answer });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un chapitre' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un chapitre' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le chapitre' }));
    expect(await within(dialog).findByText('Le titre du chapitre est obligatoire.')).toBeInTheDocument();

    answer = { status: 201, body: { id: 30, course_id: 7, title: 'Faire vivre le compost', position: 2 } };
    await userEvent.type(within(dialog).getByLabelText('Titre du chapitre'), 'Faire vivre le compost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le chapitre' }));
    expect(await screen.findByText('Chapitre « Faire vivre le compost » ajouté.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ title: '' }, { title: 'Faire vivre le compost' }]);
  });

  it('adds a text lesson to a chapter, with the server messages in French on the fields', async () => {
    let answer = validation({ duration_minutes: ['La durée doit être un nombre entier de minutes, de 0 à 1440.'], body_markdown: ['Le contenu de la leçon est obligatoire.'] });
    const { calls } = open({ 'POST /api/sections/20/lessons': () => answer });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une leçon au chapitre « Animer un site »' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une leçon' });
    await userEvent.type(within(dialog).getByLabelText('Titre de la leçon'), 'Accueillir les habitants');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la leçon' }));
    expect(await within(dialog).findByText('La durée doit être un nombre entier de minutes, de 0 à 1440.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le contenu de la leçon est obligatoire.')).toBeInTheDocument();

    answer = { status: 201, body: { id: 201, section_id: 20, position: 0, title: 'Accueillir les habitants', type: 'text', duration_minutes: 20, is_preview: true, body_markdown: '# Bienvenue' } };
    await userEvent.type(within(dialog).getByLabelText('Durée (en minutes)'), '20');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Aperçu gratuit' }));
    await userEvent.type(within(dialog).getByLabelText('Contenu (Markdown)'), '# Bienvenue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la leçon' }));
    expect(await screen.findByText('Leçon « Accueillir les habitants » enregistrée.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]!.body).toEqual({ title: 'Accueillir les habitants', duration_minutes: null, is_preview: false, body_markdown: '', type: 'text' });
    expect(posts[1]!.body).toEqual({ title: 'Accueillir les habitants', duration_minutes: 20, is_preview: true, body_markdown: '# Bienvenue', type: 'text' });
  });

  it('previews an edited lesson as learners see it: saves it, then shows the HTML the server renders', async () => {
    const { calls } = open({
      'GET /api/lessons/102': () => ({
        body: { id: 102, course_id: 7, section_id: 10, title: 'Les bons déchets', type: 'text', duration_minutes: 15, is_preview: false, body_markdown: 'Épluchures', html: calls.some((c) => c.method === 'PUT') ? '<h2>Ce qui va au compost</h2>' : '<p>Épluchures</p>' },
      }),
      'PUT /api/lessons/102': { body: { id: 102 } },
    });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier la leçon « Les bons déchets »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la leçon « Les bons déchets »' });
    const body = await within(dialog).findByLabelText('Contenu (Markdown)');
    expect(body).toHaveValue('Épluchures');
    await userEvent.clear(body);
    await userEvent.type(body, '## Ce qui va au compost');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Prévisualiser' }));
    expect(await within(dialog).findByRole('heading', { level: 2, name: 'Ce qui va au compost' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ title: 'Les bons déchets', duration_minutes: 15, is_preview: false, body_markdown: '## Ce qui va au compost' });
  });

  it('asks before deleting a chapter, naming it and its lessons, and deletes only once confirmed', async () => {
    const { calls } = open({ 'DELETE /api/sections/10': { status: 204 } });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer le chapitre « Comprendre le compost »' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce chapitre ?' });
    expect(dialog).toHaveTextContent('Le chapitre « Comprendre le compost » sera définitivement supprimé, avec ses 3 leçons et la progression des apprenants sur celles-ci.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitForElementToBeRemoved(dialog);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le chapitre « Comprendre le compost »' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Supprimer ce chapitre ?' })).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le chapitre « Comprendre le compost » a été supprimé.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/sections/10']);
  });

  it('asks before deleting a lesson, naming it', async () => {
    const { calls } = open({ 'DELETE /api/lessons/103': { status: 204 } });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer la leçon « Les erreurs courantes »' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cette leçon ?' });
    expect(dialog).toHaveTextContent('La leçon « Les erreurs courantes » sera définitivement supprimée');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La leçon « Les erreurs courantes » a été supprimée.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Chapitres et leçons' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/lessons/103']);
  });

  it('moves a lesson to another chapter chosen in a list, and shows the server refusal', async () => {
    let refuse = true;
    const { calls } = open({
      'PUT /api/lessons/103/section': () =>
        refuse ? validation({ section_id: ['La leçon ne peut être déplacée que vers un chapitre du même cours.'] }) : { body: { id: 103, section_id: 20, position: 1 } },
    });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Changer de chapitre la leçon « Les erreurs courantes »' }));
    const dialog = screen.getByRole('dialog', { name: 'Déplacer la leçon « Les erreurs courantes »' });
    expect(within(dialog).getByRole('combobox', { name: 'Chapitre de destination' })).toHaveTextContent('Chapitre 2 : Animer un site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await within(dialog).findByText('La leçon ne peut être déplacée que vers un chapitre du même cours.')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText('La leçon « Les erreurs courantes » a été déplacée à la fin du chapitre « Animer un site ».')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ section_id: 20 }, { section_id: 20 }]);
  });

  it('moves a lesson down and a chapter up with the buttons, sending the full new order and announcing it', async () => {
    // The server keeps the order it is sent, as the real one does: the reload after each move shows it.
    let stored = sampleOutline();
    const { calls } = open({
      'GET /api/courses/7/outline': () => ({ body: stored }),
      'PUT /api/sections/10/lessons/order': (_url, init) => {
        stored = reorderedOutline(stored, { courseId: 7, sectionId: 10, ids: (JSON.parse(String(init?.body)) as { ids: number[] }).ids });
        return { body: [] };
      },
      'PUT /api/courses/7/sections/order': (_url, init) => {
        stored = reorderedOutline(stored, { courseId: 7, ids: (JSON.parse(String(init?.body)) as { ids: number[] }).ids });
        return { body: [] };
      },
    });
    await loaded();
    expect(await screen.findByRole('button', { name: 'Monter la leçon « Le cycle de la matière »' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Descendre la leçon « Le cycle de la matière »' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body])).toEqual([['/api/sections/10/lessons/order', { ids: [102, 101, 103] }]]));
    expect(screen.getByText('La leçon « Le cycle de la matière » est maintenant en position 2 sur 3.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Monter le chapitre « Animer un site »' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ url: expect.objectContaining({ pathname: '/api/courses/7/sections/order' }), body: { ids: [20, 10] } }));
    expect(screen.getByText('Le chapitre « Animer un site » est maintenant en position 1 sur 2.')).toBeInTheDocument();
    // "Monter" is now disabled: the focus is on "Descendre", not lost.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descendre le chapitre «\u00a0Animer un site\u00a0»' })).toHaveFocus());
  });

  it('puts the previous order back when the server refuses a move', async () => {
    let outlineReads = 0;
    open({
      // Only the first read answers: the order shown after the refusal is the rollback's, not a reload's.
      'GET /api/courses/7/outline': (url, init) => (outlineReads++ === 0 ? { body: sampleOutline() } : noAnswer()(url, init)),
      'PUT /api/sections/10/lessons/order': validation({ ids: ['La liste doit contenir chaque leçon du chapitre exactement une fois.'] }),
    });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Descendre la leçon « Les bons déchets »' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("La liste doit contenir chaque leçon du chapitre exactement une fois. Le nouvel ordre n'a pas pu être enregistré ; l'ordre précédent est rétabli.");
    const lessons = within(screen.getByRole('list', { name: 'Leçons du chapitre « Comprendre le compost »' })).getAllByRole('listitem');
    expect(lessons[1]).toHaveTextContent('Les bons déchets');
  });

  describe('video and PDF lessons', () => {
    const video = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'presentation.webm', { type: 'video/webm' });
    const captions = () => new File(['WEBVTT\n'], 'sous-titres.vtt', { type: 'text/vtt' });

    async function openAddDialog() {
      FakeXhr.last = null;
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      open();
      await loaded();
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une leçon au chapitre « Animer un site »' }));
      const dialog = screen.getByRole('dialog', { name: 'Ajouter une leçon' });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Vidéo' }));
      return dialog;
    }

    it('adds a video lesson with captions in one upload, showing the real progress', async () => {
      const dialog = await openAddDialog();
      await userEvent.type(within(dialog).getByLabelText('Titre de la leçon'), 'Visite du composteur');
      await userEvent.type(within(dialog).getByLabelText('Durée (en minutes)'), '6');
      await userEvent.upload(within(dialog).getByLabelText('Fichier vidéo'), video());
      await userEvent.upload(within(dialog).getByLabelText('Sous-titres (facultatif)'), captions());
      expect(within(dialog).getByText('presentation.webm')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la leçon' }));

      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      const xhr = FakeXhr.last!;
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/sections/20/lessons/media']);
      expect(xhr.headers.Authorization).toMatch(/^Bearer /);
      expect(Object.fromEntries([...xhr.body!.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]))).toEqual({
        title: 'Visite du composteur',
        type: 'video',
        duration_minutes: '6',
        is_preview: 'false',
        file: 'presentation.webm',
        captions: 'sous-titres.vtt',
      });
      xhr.progress(40, 100);
      const bar = await within(dialog).findByRole('progressbar', { name: "Progression de l'envoi du fichier" });
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
      expect(within(dialog).getByText('Envoi…')).toBeInTheDocument();
      // The upload cannot be dropped halfway: Escape leaves the dialog open, the type stays.
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(dialog).toBeInTheDocument();
      expect(within(dialog).getByRole('radio', { name: 'Texte' })).toBeDisabled();
      xhr.respond(201, { id: 205, section_id: 20, position: 0, title: 'Visite du composteur', type: 'video', duration_minutes: 6, is_preview: false, body_markdown: null });
      expect(await screen.findByText('Leçon « Visite du composteur » enregistrée.')).toBeInTheDocument();
    });

    it('refuses a file of another type before sending, and shows the server’s French refusal under the picker', async () => {
      const dialog = await openAddDialog();
      // As a person could, by choosing "All files" in the system's picker.
      await userEvent.setup({ applyAccept: false }).upload(within(dialog).getByLabelText('Fichier vidéo'), new File(['%PDF'], 'programme.pdf', { type: 'application/pdf' }));
      expect(within(dialog).getByText(learningMessages.videoType)).toBeInTheDocument();
      expect(FakeXhr.last).toBeNull();

      await userEvent.type(within(dialog).getByLabelText('Titre de la leçon'), 'Visite');
      await userEvent.type(within(dialog).getByLabelText('Durée (en minutes)'), '6');
      await userEvent.upload(within(dialog).getByLabelText('Fichier vidéo'), video());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la leçon' }));
      await waitFor(() => expect(FakeXhr.last).not.toBeNull());
      FakeXhr.last!.respond(413, { error_code: 'file_too_large', message: learningMessages.videoTooLarge, errors: { file: [learningMessages.videoTooLarge] } });
      expect(await within(dialog).findByText(learningMessages.videoTooLarge)).toBeInTheDocument();
      expect(screen.queryByText(/enregistrée\./)).not.toBeInTheDocument();
    });
  });
});

describe('CourseContentPage: submission for review', () => {
  it('lists what is missing and keeps "Soumettre pour validation" unavailable until the course is complete', async () => {
    open();
    await loaded();
    const button = screen.getByRole('button', { name: 'Soumettre pour validation' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Indiquez les prérequis\.\s*Indiquez les modalités d'évaluation\./);
    expect(screen.getByText(submissionRequirements.prerequisites)).toBeInTheDocument();
    expect(screen.queryByText(submissionRequirements.lessons)).not.toBeInTheDocument();
  });

  it('submits a complete course, then says it awaits validation', async () => {
    signInAs(author);
    let current = authoredCourse({ status: 'changes_requested', review_reason: 'Précisez le public visé.', objectives: ['Composter'], target_audience: 'Habitants', prerequisites: 'Aucun', assessment_methods: 'Quiz', access_delay: 'Immédiat', teaching_methods: 'À distance', accessibility: 'Accessible', contact: 'formation@exemple.fr' });
    const { calls } = mockApi({
      'GET /api/courses/7': () => ({ body: current }),
      'GET /api/courses/7/outline': { body: sampleOutline() },
      'POST /api/courses/7/submit': () => {
        current = { ...current, status: 'submitted', review_reason: null };
        return { body: { id: 7, status: 'submitted', review_reason: null } };
      },
    });
    renderRoutes(address, routes);
    await loaded();
    expect(screen.getByText('Précisez le public visé.')).toBeInTheDocument();
    expect(screen.getByText('Modifications demandées')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre pour validation' }));
    expect(await screen.findByText(reviewDoneMessages.submit)).toBeInTheDocument();
    expect(await screen.findByText('En attente de validation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Soumettre pour validation' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/courses/7/submit']);
  });

  it("shows the server's list when it refuses the submission", async () => {
    const message = missingMessage(['lessons']);
    open({
      'GET /api/courses/7': { body: authoredCourse({ objectives: ['Composter'], target_audience: 'Habitants', prerequisites: 'Aucun', assessment_methods: 'Quiz', access_delay: 'Immédiat', teaching_methods: 'À distance', accessibility: 'Accessible', contact: 'formation@exemple.fr' }) },
      'POST /api/courses/7/submit': { status: 422, body: { error_code: 'validation_failed', message, errors: { lessons: [submissionRequirements.lessons] } } },
    });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre pour validation' }));
    expect(await screen.findByText(message.replace(/\u00a0/g, ' '))).toBeInTheDocument();
  });
});
