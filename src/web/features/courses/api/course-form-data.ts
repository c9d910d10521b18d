/** The form's text fields, as the API reads them (amounts as typed, e.g. '79,90'). */
export interface CourseFormFields {
  title: string;
  description: string;
  category: string;
  price: string;
  discountPrice: string;
  duration: string;
}

export interface CourseFiles {
  image?: File | null;
  attachment?: File | null;
  /** Update only: drop the current attachment. */
  removeAttachment?: boolean;
}

/** Multipart body of the course calls: fields first, files last (the server reads parts in order). */
export function courseFormData(fields: CourseFormFields, { image, attachment, removeAttachment }: CourseFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (removeAttachment) form.append('removeAttachment', 'true');
  if (image) form.append('image', image, image.name);
  if (attachment) form.append('attachment', attachment, attachment.name);
  return form;
}
