// What the messages feature offers other features (docs/product.md section 32): the profile's 'Send a message' for a
// signed-in owner, the menu's unread count and the tab's one live event stream.
export { StartConversation } from './components/start-conversation';
export { useUnreadCount } from './components/unread-count';
export { useMessageEvents } from './live/message-events';
