import type { Ref } from 'react';

/**
 * A page's notice (announced politely) and problem (announced at once), in the page from the
 * start so that what is put in them is announced. `noticeRef` lets a page move focus to a notice.
 */
export function NoticeLines({
  notice,
  problem,
  noticeRef,
}: {
  notice: string;
  problem: string;
  noticeRef?: Ref<HTMLParagraphElement>;
}) {
  return (
    <div>
      <p
        ref={noticeRef}
        tabIndex={noticeRef ? -1 : undefined}
        role="status"
        className="font-semibold text-brand"
      >
        {notice}
      </p>
      <p role="alert" className="font-semibold text-danger">
        {problem}
      </p>
    </div>
  );
}
