// The door of the profile feature (/main/profile).
export { ProfilePage } from './profile-page';
