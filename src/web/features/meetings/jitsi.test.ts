import { afterEach, describe, expect, it } from 'vitest';
import { jitsiOptions, loadJitsiApi } from './jitsi';

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete window.JitsiMeetExternalAPI;
});

describe('loadJitsiApi', () => {
  it('adds the external_api.js of the domain once, however many rooms ask for it', async () => {
    const first = loadJitsiApi('visio.exemple.fr');
    const second = loadJitsiApi('visio.exemple.fr');
    const scripts = document.head.querySelectorAll('script[src="https://visio.exemple.fr/external_api.js"]');
    expect(scripts).toHaveLength(1);
    class Fake {
      dispose() {}
    }
    window.JitsiMeetExternalAPI = Fake as unknown as typeof window.JitsiMeetExternalAPI;
    scripts[0]!.dispatchEvent(new Event('load'));
    expect(await first).toBe(Fake);
    expect(await second).toBe(Fake);
  });

  it('lets a failed load be retried with a new script', async () => {
    const failing = loadJitsiApi('panne.exemple.fr');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow(/panne\.exemple\.fr/);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    void loadJitsiApi('panne.exemple.fr').catch(() => {});
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});

describe('jitsiOptions', () => {
  it('turns the pre-join page off and fixes the toolbar', () => {
    const node = document.createElement('div');
    expect(jitsiOptions('EcoForma-1-1700000000000-0123456789abcdef', node, 'Alice Admin')).toEqual({
      roomName: 'EcoForma-1-1700000000000-0123456789abcdef',
      parentNode: node,
      width: '100%',
      height: 600,
      lang: 'fr',
      configOverwrite: { prejoinPageEnabled: false, prejoinConfig: { enabled: false } },
      interfaceConfigOverwrite: {
        TOOLBAR_BUTTONS: ['microphone', 'camera', 'desktop', 'chat', 'raisehand', 'tileview', 'hangup', 'fullscreen', 'settings'],
      },
      userInfo: { displayName: 'Alice Admin' },
    });
  });
});
