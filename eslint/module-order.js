/**
 * The server modules from the bottom up: a module may import the public `index.ts` of a module
 * listed before it, never its other files, never a module listed after it (so no two modules can
 * import each other). A new module takes its place here; src/server/modules/index.ts registers
 * them in this order, and a test checks that both lists agree with the folders.
 */
export const serverModuleOrder = [
  'health',
  'notifications',
  'provider',
  'invoices',
  'certificates',
  'enrolments',
  'satisfaction',
  'meetings',
  'learning',
  'organisations',
  'auth',
  'password',
  'account',
  'profile',
  'trainers',
  'courses',
  'sessions',
  'attendance',
  'contracts',
  'quotes',
  'reviews',
  'discussions',
  'admin',
  'quality',
  'bpf',
  'directory',
  'opportunities',
  'messages',
  'moderation',
  'activity',
  'evidence',
];
