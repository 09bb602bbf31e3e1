// The door of requests/notes: a request's notes, added and edited one at a time.
export { NotesEditor } from './notes-editor';
