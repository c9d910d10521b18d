// A local stand-in for Jitsi Meet's external_api.js (the browser tests have no internet).
// It records what the page asks for and inserts a frame where the real API would.
(function () {
  window.__jitsiCalls = window.__jitsiCalls || [];
  window.__jitsiDisposed = window.__jitsiDisposed || 0;
  window.JitsiMeetExternalAPI = function JitsiMeetExternalAPI(domain, options) {
    var parentNode = options && options.parentNode;
    var recorded = {};
    for (var key in options) {
      if (key !== 'parentNode') recorded[key] = options[key];
    }
    window.__jitsiCalls.push({
      domain: domain,
      options: JSON.parse(JSON.stringify(recorded)),
      parentNodeIsElement: parentNode instanceof HTMLElement,
    });
    var frame = document.createElement('iframe');
    frame.title = 'Jitsi Meet (simulation de test)';
    frame.setAttribute('data-jitsi-room', options.roomName);
    frame.style.width = typeof options.width === 'number' ? options.width + 'px' : options.width;
    frame.style.height = typeof options.height === 'number' ? options.height + 'px' : options.height;
    frame.style.border = '0';
    parentNode.appendChild(frame);
    this.dispose = function () {
      window.__jitsiDisposed += 1;
      frame.remove();
    };
  };
})();
