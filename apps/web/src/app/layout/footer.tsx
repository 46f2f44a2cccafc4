import { useCallback, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { OutlineIcon } from '@/components/ui/icon';

const FEEDBACK_PANEL_ID = 'feedback-panel';
const COPYRIGHT_YEAR = new Date().getFullYear();

/** What the footer opens with 'Provide Feedback' (the app passes the feedback feature's panel). */
type FeedbackPanelComponent = ComponentType<{ id: string; onClose: () => void }>;

/**
 * The shared footer of spec §2: feedback panel, 'Contact Support' link, copyright. The layout
 * imports no feature, so the panel comes in as a prop (see src/app/app-footer.tsx).
 */
export function Footer({ feedbackPanel: FeedbackPanel }: { feedbackPanel: FeedbackPanelComponent }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const feedbackButtonRef = useRef<HTMLButtonElement>(null);

  const closeFeedback = useCallback(() => {
    setFeedbackOpen(false);
    feedbackButtonRef.current?.focus();
  }, []);

  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <p className="flex items-center gap-2 text-lg font-semibold text-white">
            <img src="/logo.svg" alt="" width={24} height={24} className="size-6" />
            BenchMarket
          </p>
          <p className="mt-2 text-sm">The marketplace for new, pre-owned and refurbished lab and medical equipment.</p>
        </div>

        <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:gap-6">
          <Link
            to="/support"
            className="rounded-sm font-medium text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white"
          >
            Contact Support
          </Link>
          <button
            ref={feedbackButtonRef}
            type="button"
            aria-expanded={feedbackOpen}
            aria-controls={feedbackOpen ? FEEDBACK_PANEL_ID : undefined}
            onClick={() => {
              if (feedbackOpen) closeFeedback();
              else setFeedbackOpen(true);
            }}
            className="inline-flex items-center gap-2 self-start rounded-md border border-slate-600 px-4 py-2 font-medium text-white hover:border-slate-400 hover:bg-slate-800 focus-visible:outline-white"
          >
            <OutlineIcon className="size-4">
              <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
            </OutlineIcon>
            Provide Feedback
          </button>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {COPYRIGHT_YEAR} BenchMarket. All rights reserved.
        </p>
      </div>
      {feedbackOpen && <FeedbackPanel id={FEEDBACK_PANEL_ID} onClose={closeFeedback} />}
    </footer>
  );
}
