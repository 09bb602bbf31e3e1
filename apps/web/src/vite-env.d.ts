/// <reference types="vite/client" />

// The Spanish strings of the ALTCHA widget register themselves; the package ships no types for them.
declare module 'altcha/i18n/es-es';
