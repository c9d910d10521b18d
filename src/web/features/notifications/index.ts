/** What other parts of the app may use from the notifications feature (the bell is lazy-loaded by the nav bar from its own module). */
export { notificationKeys } from './api/keys';
