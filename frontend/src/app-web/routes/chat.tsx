import { ChatScreen } from '@/features/chat/components/chat-screen';
import { FortuneRating } from '@/features/home/components/fortune-rating';

/**
 * /chat: the chat feature, with each completed reply rated through the readings' rating (fortuneType
 * `chat`, the reply's contentHash), the same component home rates its daily reading with.
 */
export default function ChatRoute() {
  return (
    <ChatScreen
      renderRating={(message) => (
        <FortuneRating key={message.contentHash} fortuneType="chat" contentHash={message.contentHash} prompt="この返信はしっくりきましたか？" />
      )}
    />
  );
}
