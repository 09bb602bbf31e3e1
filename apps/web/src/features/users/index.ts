// The door of the users feature (/main/users).
export { UsersPage } from './components/users-page';
