import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseOutline } from '../../../../shared/learning';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen-width';
import { sessionUser, signInAs } from '../../../test/session';
import { courseOutline, lessonContent, lessonMedia, playerCourse } from '../test/fixtures';
import PlayerPage from './PlayerPage';

const routes = { '/user/courses/:id/learn/:lessonId?': <PlayerPage />, '*': <Arrival /> };

const lessonTitles: Record<number, string> = { 101: 'Pourquoi réduire ses déchets', 102: 'Le cycle de vie d’un produit', 103: 'Mettre en place le tri' };

/** The API of an enrolled learner on course 7, who completed `done`; lesson completion updates it. */
function enrolledApi(done: number[] = [], overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}, lastLessonId: number | null = 102) {
  const completed = new Set(done);
  return mockApi({
    'GET /api/courses/7': { body: playerCourse() },
    'GET /api/courses/7/outline': () => ({ body: courseOutline([...completed], true, lastLessonId) }),
    'GET /api/lessons/101': { body: lessonContent({ id: 101, title: lessonTitles[101], duration_minutes: 8, completed: completed.has(101) }) },
    'GET /api/lessons/102': { body: lessonContent({ id: 102, title: lessonTitles[102], duration_minutes: 12, completed: completed.has(102) }) },
    'GET /api/lessons/103': { body: lessonContent({ id: 103, title: lessonTitles[103], duration_minutes: 75, section_id: 12, completed: completed.has(103) }) },
    'POST /api/lessons/102/complete': () => {
      completed.add(102);
      return { body: { completed: completed.size, total: 3, percent: Math.floor((completed.size * 100) / 3) } };
    },
    ...overrides,
  });
}

const outlineNav = () => screen.getByRole('navigation', { name: 'Plan du cours' });
const progressBar = () => screen.getByRole('progressbar', { name: 'Progression dans le cours' });

afterEach(() => vi.unstubAllGlobals());

describe('PlayerPage', () => {
  it('shows the outline with durations, check marks on completed lessons and the current lesson marked', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    enrolledApi([101]);
    renderRoutes('/user/courses/7/learn/102', routes);

    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[102] })).toBeInTheDocument();
    const nav = outlineNav();
    expect(within(nav).getByRole('heading', { level: 3, name: 'Comprendre les enjeux' })).toBeInTheDocument();
    expect(within(nav).getByRole('heading', { level: 3, name: 'Passer à l’action' })).toBeInTheDocument();
    const done = within(nav).getByRole('link', { name: /Pourquoi réduire ses déchets.*\(terminée\)/ });
    expect(within(done).getByTestId('lecon-terminee')).toBeInTheDocument();
    const current = within(nav).getByRole('link', { name: /Le cycle de vie d’un produit/ });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).not.toHaveAccessibleName(/terminée/);
    expect(within(current).queryByTestId('lecon-terminee')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Mettre en place le tri/ })).toHaveTextContent('1 h 15 min');
    expect(within(nav).getByText('8 min')).toBeInTheDocument();
    // The title is set by an effect of the deferred render (decision 056), a moment after the heading on a busy machine.
    await waitFor(() => expect(document.title).toBe('Le cycle de vie d’un produit – Zéro déchet en entreprise – EcoForma'));
  });

  it('renders the server HTML of a text lesson in the reading area', async () => {
    signInAs(sessionUser());
    enrolledApi();
    renderRoutes('/user/courses/7/learn/101', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Points clés' })).toBeInTheDocument();
    expect(screen.getByText('Premier point').closest('.lesson-body')).not.toBeNull();
    expect(screen.getByText('Durée : 8 min')).toBeInTheDocument();
  });

  it('marks a lesson completed: the check mark, the progress bar and its percentage update, the button says it is done', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    const { calls } = enrolledApi([101]);
    renderRoutes('/user/courses/7/learn/102', routes);

    await screen.findByRole('heading', { level: 1, name: lessonTitles[102] });
    expect(progressBar()).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('1 leçon sur 3', { exact: false })).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Marquer comme terminé' });
    await userEvent.click(button);

    expect(await screen.findByRole('button', { name: 'Leçon terminée' })).toBe(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(calls.filter((c) => c.method === 'POST' && !c.url.pathname.endsWith('/activity')).map((c) => c.url.pathname)).toEqual(['/api/lessons/102/complete']);
    expect(progressBar()).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByText('67 %')).toBeInTheDocument();
    expect(screen.getByText('2 leçons sur 3', { exact: false })).toBeInTheDocument();
    expect(within(outlineNav()).getByRole('link', { name: /Le cycle de vie d’un produit.*\(terminée\)/ })).toBeInTheDocument();

    // Once done, another click sends nothing.
    await userEvent.click(button);
    expect(calls.filter((c) => c.method === 'POST' && !c.url.pathname.endsWith('/activity'))).toHaveLength(1);
  });

  it('asks for the learner’s opinion once the last lesson completes the course, not before', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    enrolledApi([101, 103], {
      'POST /api/lessons/102/complete': { body: { completed: 3, total: 3, percent: 100, completed_at: '2026-03-12T10:00:00.000Z' } },
      'GET /api/user/satisfaction': { body: { items: [] } },
    });
    renderRoutes('/user/courses/7/learn/102', routes);

    await screen.findByRole('heading', { level: 1, name: lessonTitles[102] });
    expect(screen.queryByRole('region', { name: 'Votre avis sur la formation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme terminé' }));

    const card = await screen.findByRole('region', { name: 'Votre avis sur la formation' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Votre avis sur la formation' })).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Votre note (obligatoire)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Envoyer mon avis' })).toBeInTheDocument();
  });

  it('does not ask the course’s own author to rate it (issue 25)', async () => {
    setScreenWidth(1280);
    // The course's author is user 3 (courseDetail's fixture).
    signInAs(sessionUser({ id: 3, role: 'formateur' }));
    enrolledApi([101, 103], {
      'POST /api/lessons/102/complete': { body: { completed: 3, total: 3, percent: 100, completed_at: '2026-03-12T10:00:00.000Z' } },
      'GET /api/user/satisfaction': { body: { items: [] } },
    });
    renderRoutes('/user/courses/7/learn/102', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme terminé' }));
    expect(await screen.findByRole('button', { name: 'Leçon terminée' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Votre avis sur la formation' })).not.toBeInTheDocument();
  });

  it('says why a completion was refused, in French', async () => {
    signInAs(sessionUser());
    enrolledApi([], {
      'POST /api/lessons/102/complete': { status: 403, body: { error_code: 'forbidden', message: 'Seules les personnes inscrites au cours enregistrent leur progression.' } },
    });
    renderRoutes('/user/courses/7/learn/102', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme terminé' }));
    expect(await screen.findByText('Seules les personnes inscrites au cours enregistrent leur progression.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marquer comme terminé' })).toBeInTheDocument();
  });

  it('goes to the previous and the next lesson, across chapters, with no previous on the first nor next on the last', async () => {
    signInAs(sessionUser());
    enrolledApi();
    renderRoutes('/user/courses/7/learn/101', routes, { showLocation: true });

    await screen.findByRole('heading', { level: 1, name: lessonTitles[101] });
    expect(screen.queryByRole('link', { name: 'Leçon précédente' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Leçon suivante' }));
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[102] })).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/7/learn/102');

    await userEvent.click(screen.getByRole('link', { name: 'Leçon suivante' }));
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[103] })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Leçon suivante' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Leçon précédente' }));
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[102] })).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/7/learn/102');
  });

  it('opens the lesson to resume at when the address names none', async () => {
    signInAs(sessionUser());
    enrolledApi([101, 103]);
    renderRoutes('/user/courses/7/learn', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[102] })).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/7/learn/102');
  });

  it('without a last lesson, resumes at the first lesson not completed', async () => {
    signInAs(sessionUser());
    enrolledApi([101], {}, null);
    renderRoutes('/user/courses/7/learn', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[102] })).toBeInTheDocument();
  });

  it('when every lesson is completed and none was opened, starts again at the first', async () => {
    signInAs(sessionUser());
    enrolledApi([101, 102, 103], {}, null);
    renderRoutes('/user/courses/7/learn', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[101] })).toBeInTheDocument();
  });

  it('tells someone not enrolled so, with a link to the course page to enrol, and offers no completion', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/courses/7': { body: playerCourse({ enrolled: false }) },
      'GET /api/courses/7/outline': { body: courseOutline([], false) },
      'GET /api/lessons/101': { status: 403, body: { error_code: 'forbidden', message: 'Cette leçon est réservée aux personnes inscrites au cours.' } },
    });
    renderRoutes('/user/courses/7/learn', routes, { showLocation: true });
    expect(await screen.findByRole('heading', { level: 1, name: "Vous n'êtes pas inscrit à ce cours" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Voir le cours et s'inscrire" })).toHaveAttribute('href', '/user/courses/7');
    expect(screen.queryByRole('button', { name: 'Marquer comme terminé' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The outline stays public: it shows what enrolling gives access to.
    expect(within(outlineNav()).getByRole('link', { name: /Mettre en place le tri/ })).toBeInTheDocument();
  });

  it('says a course has no lessons yet', async () => {
    signInAs(sessionUser());
    mockApi({
      'GET /api/courses/7': { body: playerCourse() },
      'GET /api/courses/7/outline': { body: { sections: [], total_lessons: 0, total_minutes: 0, resume_lesson_id: null } satisfies CourseOutline },
    });
    renderRoutes('/user/courses/7/learn', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(screen.getByText(/Ce cours ne contient pas encore de leçon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au cours' })).toHaveAttribute('href', '/user/courses/7');
  });

  it('says an unknown lesson is not found, and one of another course too', async () => {
    signInAs(sessionUser());
    enrolledApi([], { 'GET /api/lessons/999': { body: lessonContent({ id: 999, course_id: 8 }) } });
    const first = renderRoutes('/user/courses/7/learn/404', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leçon introuvable' })).toBeInTheDocument();
    expect(document.title).toBe('Leçon introuvable – EcoForma');
    first.unmount();
    renderRoutes('/user/courses/7/learn/999', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leçon introuvable' })).toBeInTheDocument();
  });

  it('says an unknown course is not found', async () => {
    signInAs(sessionUser());
    mockApi({});
    renderRoutes('/user/courses/77/learn', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cours non trouvé' })).toBeInTheDocument();
  });

  it('shows a loading state, then a French error with a retry', async () => {
    signInAs(sessionUser());
    let fail = true;
    enrolledApi([], {
      'GET /api/lessons/101': () => (fail ? { status: 500, body: { error_code: 'server_error', message: 'Une erreur est survenue. Réessayez plus tard.' } } : { body: lessonContent({ id: 101, title: lessonTitles[101] }) }),
    });
    renderRoutes('/user/courses/7/learn/101', routes);
    expect(screen.getByRole('progressbar', { name: 'Chargement du cours' })).toBeInTheDocument();
    expect(await screen.findByText('Une erreur est survenue. Réessayez plus tard.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[101] })).toBeInTheDocument();
  });

  it('on a phone, keeps the outline behind a button that opens and closes it', async () => {
    setScreenWidth(360);
    signInAs(sessionUser());
    enrolledApi([101]);
    renderRoutes('/user/courses/7/learn/101', routes, { showLocation: true });

    await screen.findByRole('heading', { level: 1, name: lessonTitles[101] });
    const toggle = screen.getByRole('button', { name: 'Afficher le plan du cours' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Plan du cours' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Masquer le plan du cours');
    await userEvent.click(within(outlineNav()).getByRole('link', { name: /Mettre en place le tri/ }));

    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[103] })).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/7/learn/103');
    // Choosing a lesson folds the outline away so the lesson shows.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  describe('video and PDF lessons', () => {
    const videoMedia = lessonMedia({ captions_url: '/api/media/102-c-0123456789abcdef-1900000000-signature' });
    const videoLesson = lessonContent({ id: 102, title: lessonTitles[102], type: 'video', html: null, media: videoMedia });
    const pdfMedia = lessonMedia({ mime_type: 'application/pdf', file_name: 'fiche-pratique.pdf', url: '/api/media/103-f-a-1-s', download_url: '/api/media/103-d-a-1-s' });
    const pdfLesson = lessonContent({ id: 103, title: lessonTitles[103], type: 'pdf', html: null, section_id: 12, media: pdfMedia });

    /** Plays the video through the given seconds, as the browser reports them in 'timeupdate' events. */
    function play(video: HTMLVideoElement, seconds: number[], duration = 10) {
      let now = 0;
      Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
      Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
      Object.defineProperty(video, 'currentTime', { configurable: true, get: () => now });
      for (const second of seconds) {
        now = second + 0.25;
        fireEvent.timeUpdate(video);
      }
    }

    it('plays a video from its signed link with French captions, and offers no completion button', async () => {
      signInAs(sessionUser());
      enrolledApi([], { 'GET /api/lessons/102': { body: videoLesson } });
      renderRoutes('/user/courses/7/learn/102', routes);
      const video = (await screen.findByLabelText(`Vidéo : ${lessonTitles[102]}`)) as HTMLVideoElement;
      expect(video.tagName).toBe('VIDEO');
      expect(video).toHaveAttribute('src', videoMedia.url);
      expect(video).toHaveAttribute('controls');
      const track = video.querySelector('track')!;
      expect(track).toHaveAttribute('kind', 'captions');
      expect(track).toHaveAttribute('srclang', 'fr');
      expect(track).toHaveAttribute('src', videoMedia.captions_url);
      expect(screen.queryByRole('button', { name: 'Marquer comme terminé' })).not.toBeInTheDocument();
      expect(screen.getByText('La leçon sera marquée comme terminée quand vous aurez regardé 90 % de la vidéo.', { exact: false })).toBeInTheDocument();
    });

    it('completes a video once 90 % of its distinct seconds were watched, not before, and only once', async () => {
      setScreenWidth(1280);
      signInAs(sessionUser());
      const { calls } = enrolledApi([101], { 'GET /api/lessons/102': { body: videoLesson } });
      renderRoutes('/user/courses/7/learn/102', routes);
      const video = (await screen.findByLabelText(`Vidéo : ${lessonTitles[102]}`)) as HTMLVideoElement;
      const completions = () => calls.filter((c) => c.method === 'POST' && !c.url.pathname.endsWith('/activity'));

      // Eight distinct seconds, the first five played twice: 8 of 10 is not enough.
      play(video, [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 6, 7]);
      expect(completions()).toHaveLength(0);
      play(video, [8]);
      await waitFor(() => expect(completions().map((c) => c.url.pathname)).toEqual(['/api/lessons/102/complete']));
      expect(await screen.findByText('Leçon terminée')).toBeInTheDocument();
      expect(progressBar()).toHaveAttribute('aria-valuenow', '67');
      play(video, [9]);
      expect(completions()).toHaveLength(1);
    });

    it('reads a PDF in the page, with its download and a completion button', async () => {
      signInAs(sessionUser());
      enrolledApi([], { 'GET /api/lessons/103': { body: pdfLesson } });
      renderRoutes('/user/courses/7/learn/103', routes);
      const frame = await screen.findByTitle(`Document PDF : ${lessonTitles[103]}`);
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute('src', pdfMedia.url);
      const download = screen.getByRole('link', { name: 'Télécharger le PDF' });
      expect(download).toHaveAttribute('href', pdfMedia.download_url);
      expect(download).toHaveAttribute('download', 'fiche-pratique.pdf');
      expect(screen.getByRole('button', { name: 'Marquer comme terminé' })).toBeInTheDocument();
    });
  });
});

describe('PlayerPage: test de positionnement', () => {
  /** Lesson 100, a positioning quiz, opens chapter 1 before lessons 101 and 102. */
  function withTest(completedIds: number[], testTaken: boolean): CourseOutline {
    const outline = courseOutline(completedIds, true, 101);
    const test = { id: 100, title: 'Où en êtes-vous ?', type: 'quiz' as const, duration_minutes: 5, is_preview: false, completed: testTaken, positioning: true as const };
    return { ...outline, sections: [{ ...outline.sections[0]!, lessons: [test, ...outline.sections[0]!.lessons] }, ...outline.sections.slice(1)], total_lessons: 4 };
  }

  function api(outline: CourseOutline) {
    return mockApi({
      'GET /api/courses/7': { body: playerCourse() },
      'GET /api/courses/7/outline': { body: outline },
      'GET /api/lessons/101': { body: lessonContent({ id: 101, title: lessonTitles[101] }) },
    });
  }

  it('offers the test to a learner who starts the course, labelled in the outline, and puts it away with « Plus tard »', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    api(withTest([], false));
    renderRoutes('/user/courses/7/learn/101', routes);
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Test de positionnement');
    expect(offer).toHaveTextContent('Ce test est facultatif et ne compte pas dans votre progression.');
    expect(within(offer).getByRole('link', { name: 'Passer le test' })).toHaveAttribute('href', '/user/courses/7/learn/100');
    expect(within(outlineNav()).getByRole('link', { name: /Où en êtes-vous/ })).toHaveTextContent('Test de positionnement · 5 min');
    // Not counted: 0 of the 3 lessons to do.
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    await userEvent.click(within(offer).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByText('Ce test est facultatif', { exact: false })).not.toBeInTheDocument();
  });

  it('offers nothing once the test is taken, nor once the learner has started the lessons', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    const first = api(withTest([], true));
    const view = renderRoutes('/user/courses/7/learn/101', routes);
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[101] })).toBeInTheDocument();
    expect(screen.queryByText('Test de positionnement', { selector: '.MuiAlertTitle-root' })).not.toBeInTheDocument();
    expect(first.calls.length).toBeGreaterThan(0);
    view.unmount();

    api(withTest([101], false));
    renderRoutes('/user/courses/7/learn/101', routes);
    expect(await screen.findByRole('heading', { level: 1, name: lessonTitles[101] })).toBeInTheDocument();
    expect(screen.queryByText('Ce test est facultatif', { exact: false })).not.toBeInTheDocument();
    // 1 of the 3 lessons to do: the test is not one of them.
    expect(progressBar()).toHaveAttribute('aria-valuenow', '33');
  });
});
