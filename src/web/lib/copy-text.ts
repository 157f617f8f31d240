/**
 * Copies `text` to the clipboard and says so; with no clipboard (an insecure origin, a refused
 * permission) it selects the field showing the text for Ctrl+C instead, and says that.
 */
export async function copyText(text: string, fieldId: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what} copied.`;
  } catch {
    const field = document.getElementById(fieldId);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select();
    return `Copying was not allowed: the ${what.toLowerCase()} is selected, press Ctrl+C (⌘C on a Mac).`;
  }
}
