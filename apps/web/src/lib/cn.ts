import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones: cn('a', isOpen && 'b'). Where two classes set the
 * same property, the later one wins (tailwind-merge): a shared button class's `bg-white`
 * cannot beat a caller's `bg-teal-700` by its place in the stylesheet (issue 18).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes);
}
