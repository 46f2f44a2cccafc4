import { Footer } from '@/app/layout/footer';
import { FeedbackPanel } from '@/features/feedback/components/feedback-panel';

/** The footer with the feedback feature's panel: the app composes the layout and the features. */
export function AppFooter() {
  return <Footer feedbackPanel={FeedbackPanel} />;
}
