import { CONVERSATION_NOT_FOUND } from '@benchmarket/shared';
import { Link, useParams } from 'react-router';
import { errorDetail, isApiError } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useConversation } from '../api/conversations';
import { ConversationView } from '../components/conversation-view';
import { MessagesLayout } from '../components/messages-layout';

function OpenConversation({ id }: { id: string }) {
  const conversation = useConversation(id);
  if (conversation.isPending) return <Spinner label="Loading the conversation…" className="py-12" />;
  if (conversation.isError) {
    const missing = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <Alert
        title={missing ? CONVERSATION_NOT_FOUND : undefined}
        onRetry={
          missing
            ? undefined
            : () => {
                void conversation.refetch();
              }
        }
        retrying={conversation.isFetching}
        actions={
          <Link to="/messages" className="font-medium underline underline-offset-2">
            All conversations
          </Link>
        }
      >
        {missing ? 'It does not exist, or it is not yours.' : errorDetail(conversation.error, 'The conversation could not be loaded.')}
      </Alert>
    );
  }
  return <ConversationView conversation={conversation.data} />;
}

/** /messages/{id} (issue 16): one conversation, beside the list on wide screens. */
export default function ConversationRoute() {
  const { id = '' } = useParams();
  return (
    <MessagesLayout selectedId={id}>
      <OpenConversation key={id} id={id} />
    </MessagesLayout>
  );
}
