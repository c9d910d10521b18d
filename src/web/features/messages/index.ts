/** What other features may use from the messages feature: the button that opens a conversation (the nav's entry is lazy-loaded from its own module). */
export { ContactButton } from './components/ContactButton';
export { messageKeys } from './api/keys';
