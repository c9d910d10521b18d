import { JITSI_TOOLBAR_BUTTONS } from '../../../shared/meetings';

/** What the page gives Jitsi Meet's IFrame API (https://jitsi.github.io/handbook/docs/dev-guide/dev-guide-iframe). */
export interface JitsiOptions {
  roomName: string;
  parentNode: HTMLElement;
  width: string | number;
  height: string | number;
  lang: string;
  configOverwrite: { prejoinPageEnabled: boolean; prejoinConfig: { enabled: boolean } };
  interfaceConfigOverwrite: { TOOLBAR_BUTTONS: string[] };
  userInfo: { displayName: string };
}

export interface JitsiMeetExternalApi {
  dispose(): void;
}

export type JitsiMeetExternalApiConstructor = new (domain: string, options: JitsiOptions) => JitsiMeetExternalApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetExternalApiConstructor;
  }
}

const loads = new Map<string, Promise<JitsiMeetExternalApiConstructor>>();

/**
 * Loads `https://{domain}/external_api.js` once per page life (a single script element), and
 * resolves with the constructor it defines. A failed load can be retried.
 */
export function loadJitsiApi(domain: string): Promise<JitsiMeetExternalApiConstructor> {
  const cached = loads.get(domain);
  if (cached) return cached;
  const src = `https://${domain}/external_api.js`;
  const load = new Promise<JitsiMeetExternalApiConstructor>((resolve, reject) => {
    const done = () => (window.JitsiMeetExternalAPI ? resolve(window.JitsiMeetExternalAPI) : reject(new Error('JitsiMeetExternalAPI absent')));
    let script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (script && window.JitsiMeetExternalAPI) return done();
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener('load', done, { once: true });
    script.addEventListener(
      'error',
      () => {
        script?.remove();
        loads.delete(domain);
        reject(new Error(`Chargement de ${src} impossible`));
      },
      { once: true },
    );
  });
  loads.set(domain, load);
  return load;
}

/** The embed's options: pre-join page off and the fixed toolbar (spec: 'Admin meeting page'). */
export function jitsiOptions(roomName: string, parentNode: HTMLElement, displayName: string): JitsiOptions {
  return {
    roomName,
    parentNode,
    width: '100%',
    height: 600,
    lang: 'fr',
    configOverwrite: { prejoinPageEnabled: false, prejoinConfig: { enabled: false } },
    interfaceConfigOverwrite: { TOOLBAR_BUTTONS: [...JITSI_TOOLBAR_BUTTONS] },
    userInfo: { displayName },
  };
}
