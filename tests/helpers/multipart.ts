/** A file part of a form: its bytes, declared type and file name. */
export interface FilePart {
  data: Buffer;
  type: string;
  filename: string;
}

/** A multipart body exactly as a browser's FormData would send it. */
export async function multipartBody(parts: Record<string, string | FilePart>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type }),
        value.filename,
      );
  }
  const req = new Request('http://x', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type')!,
  };
}
