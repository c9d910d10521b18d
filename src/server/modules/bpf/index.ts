import type { ModuleManifest } from '../../lib/module-manifest';
import { bpfRoutes } from './bpf.routes';

/**
 * The bilan pédagogique et financier (BPF, Cerfa 10443, issue 29, decision 053): the yearly frames
 * C, E, F-1, F-3 and F-4 computed from the enrolments, the attendance, the live sessions and the
 * invoices, and the classifications they need. It keeps no personal data of its own: the
 * classifications are columns of the enrolments, courses and users.
 */
export const bpfModule: ModuleManifest = {
  name: 'bpf',
  routes: [bpfRoutes],
};
