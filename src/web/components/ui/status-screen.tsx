import type { ReactNode } from 'react';

/** A full-screen message: the start-up loader, the initialization error, the crash screen. */
export function StatusScreen({
  role,
  title,
  children,
}: {
  role: 'status' | 'alert';
  title: string;
  children?: ReactNode;
}) {
  return (
    <div role={role} className="grid min-h-dvh place-items-center p-6 text-center">
      <div className="max-w-md">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </div>
  );
}
