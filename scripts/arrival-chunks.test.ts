import { describe, expect, it } from 'vitest';
import { arrivalGroups } from './arrival-chunks.mjs';

const web = (file: string) => `/repo/src/web/${file}`;
const dep = (name: string) => `/repo/node_modules/${name}/index.js`;

/**
 * A build with automatic splitting: the entry, the landing page, the catalogue, a course page, the
 * player, the signed-in navigation's bell, an admin screen.
 */
const chunks = [
  { fileName: 'index.js', facadeModuleId: web('main.tsx'), isEntry: true, imports: [], moduleIds: [web('main.tsx'), dep('react')] },
  { fileName: 'LandingPage.js', facadeModuleId: web('features/site/pages/LandingPage.tsx'), isEntry: false, imports: ['shared-landing.js'], moduleIds: [web('features/site/pages/LandingPage.tsx')] },
  { fileName: 'shared-landing.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('card')] },
  { fileName: 'CataloguePage.js', facadeModuleId: web('features/courses/pages/CataloguePage.tsx'), isEntry: false, imports: ['index.js', 'shared-landing.js', 'select.js', 'button.js'], moduleIds: [web('features/courses/pages/CataloguePage.tsx')] },
  { fileName: 'CourseDetailPage.js', facadeModuleId: web('features/courses/pages/CourseDetailPage.tsx'), isEntry: false, imports: ['button.js', 'dialog.js'], moduleIds: [web('features/courses/pages/CourseDetailPage.tsx'), web('lib/use-first-arrival.ts')] },
  { fileName: 'PlayerPage.js', facadeModuleId: web('features/learning/pages/PlayerPage.tsx'), isEntry: false, imports: ['button.js'], moduleIds: [web('features/learning/pages/PlayerPage.tsx'), web('features/learning/outline.ts')] },
  { fileName: 'NotificationBell.js', facadeModuleId: web('features/notifications/components/NotificationBell.tsx'), isEntry: false, imports: ['button.js', 'badge.js'], moduleIds: [web('features/notifications/components/NotificationBell.tsx')] },
  { fileName: 'MembersPage.js', facadeModuleId: web('features/admin/pages/MembersPage.tsx'), isEntry: false, imports: ['select.js', 'table.js'], moduleIds: [web('features/admin/pages/MembersPage.tsx')] },
  { fileName: 'select.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('select'), dep('popover')] },
  { fileName: 'button.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('button')] },
  { fileName: 'dialog.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('dialog')] },
  { fileName: 'badge.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('badge')] },
  { fileName: 'table.js', facadeModuleId: null, isEntry: false, imports: [], moduleIds: [dep('table')] },
];

/** The group each module goes to, by the groups' priority as rolldown applies them; undefined when none. */
function groupOf(id: string): string | undefined {
  return arrivalGroups(chunks)
    .sort((a, b) => b.priority - a.priority)
    .find((group) => group.test(id))?.name;
}

describe('arrivalGroups', () => {
  it('puts a module in the chunk of the set of arrival screens loading it, whatever other screens load it', () => {
    expect(groupOf(dep('select'))).toBe('arrivee-catalogue');
    expect(groupOf(dep('popover'))).toBe('arrivee-catalogue');
    expect(groupOf(dep('dialog'))).toBe('arrivee-cours');
    expect(groupOf(dep('button'))).toBe('arrivee-catalogue-cours-lecteur-compte');
    expect(groupOf(web('features/learning/outline.ts'))).toBe('arrivee-lecteur');
  });

  it('keeps the signed-in navigation’s code apart from the player’s: a page other than the player does not load the player’s code for it', () => {
    expect(groupOf(dep('badge'))).toBe('arrivee-compte');
    expect(groupOf(web('features/learning/outline.ts'))).toBe('arrivee-lecteur');
  });

  it('leaves alone the entry, the screens themselves, the app’s helpers, what the landing page loads and what no arrival screen loads', () => {
    for (const id of [web('main.tsx'), web('lib/use-first-arrival.ts'), dep('react'), web('features/courses/pages/CataloguePage.tsx'), web('features/learning/pages/PlayerPage.tsx'), dep('card'), dep('table')]) {
      expect(groupOf(id)).toBeUndefined();
    }
  });

  it('ranks a set shared by more screens first, and pulls no dependency into a group', () => {
    const groups = arrivalGroups(chunks);
    expect(groups.find((g) => g.name === 'arrivee-catalogue-cours-lecteur-compte')!.priority).toBeGreaterThan(groups.find((g) => g.name === 'arrivee-catalogue-cours')!.priority);
    expect(groups.every((g) => g.includeDependenciesRecursively === false)).toBe(true);
  });
});
