/* global document, window */
/*
 * The CRM's contact form on any page (issue 13):
 *   <script src="https://<crm host>/embed.js" data-crm-form></script>
 * puts an iframe to <crm host>/form right where the tag is. The frame isolates the form's styles
 * and script from the page (and the page's from the form), posts to the CRM's own origin (no CORS
 * setup needed), and grows to the form's height, which /form reports with postMessage.
 * Plain ES5 with no imports: it runs as a classic script on any site. Options, as attributes:
 *   data-crm-form-title  the frame's accessible name (default "Formulario de contacto")
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.hasAttribute('data-crm-form') || script.getAttribute('data-crm-done')) {
    return;
  }
  script.setAttribute('data-crm-done', '1');
  var origin = new URL(script.src, window.location.href).origin;
  var frame = document.createElement('iframe');
  frame.src = origin + '/form';
  frame.title = script.getAttribute('data-crm-form-title') || 'Formulario de contacto';
  frame.setAttribute('data-crm-form-frame', '');
  frame.style.cssText =
    'display:block;width:100%;max-width:36rem;height:46rem;border:0;background:transparent;';
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (data && data.type === 'crm-form:height' && typeof data.height === 'number') {
      frame.style.height = Math.ceil(data.height) + 'px';
    }
  });
})();
