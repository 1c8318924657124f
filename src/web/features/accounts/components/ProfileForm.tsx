import { useState, type FormEvent } from 'react';
import { BIO_MAX, LINK_MAX, TAG_MAX, TAGS_MAX } from '../../../../shared/contracts/account-rules';
import type { ProfileUpdate, SessionUser } from '../../../../shared/contracts/accounts';
import { MESSAGES } from '../../../../shared/messages';
import { SubmitButton, TextAreaField, TextField, useFormState } from '../../../components/ui/form';
import { showNotify } from '../../../components/ui/modal';
import { TagInput } from '../../../components/ui/TagInput';
import { saveProfile, uploadAvatar } from '../api/accounts-api';
import { bioCounter, type ProfileFormValues } from '../profile-values';
import { preloadAccountSchemas, validate } from '../validation';
import { AvatarField } from './AvatarField';

const FIELDS = ['name', 'bio', 'link', '_tags'] as const;
const FIELD_IDS: Record<(typeof FIELDS)[number], string> = {
  name: 'profile-name',
  bio: 'profile-bio',
  link: 'profile-link',
  _tags: 'profile-tags',
};

interface ProfileFormProps {
  initial: ProfileFormValues;
  /** The saved avatar (fullsize), if any. */
  imageSrc: string | null;
  /** After each successful save (the avatar upload and the fields), with the user as saved. */
  onSaved: (user: SessionUser) => void;
}

/**
 * /edit-profile: name, bio (with a characters-left counter), link, interest tags and the photo.
 * Save uploads a newly chosen photo first (PUT /profiles/media, with progress), then the fields
 * (PUT /users, multipart with the `user` JSON field), then says 'Profile saved!'.
 */
export function ProfileForm({ initial, imageSrc, onSaved }: ProfileFormProps) {
  const { values, errors, fieldProps, send, pending } = useFormState(
    { name: initial.name, bio: initial.bio, link: initial.link },
    { fields: FIELDS, fieldId: (field) => FIELD_IDS[field] },
  );
  const [tags, setTags] = useState<string[]>(initial.tags);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedImage, setSavedImage] = useState(imageSrc);

  function chooseFile(next: File | null) {
    setFile(next);
    setProgress(null);
  }

  /** A newly chosen photo first (with its progress), then the fields. */
  async function save(data: ProfileUpdate) {
    if (file) {
      try {
        const { user } = await uploadAvatar(file, setProgress);
        setSavedImage(user.image?.fullsize ?? null);
        setFile(null);
        onSaved(user);
      } catch (err) {
        setProgress(null);
        throw err;
      }
    }
    return saveProfile(data);
  }

  async function submit() {
    await send({
      check: (v) => validate((s) => s.profileUpdateSchema, { ...v, _tags: tags }),
      call: save,
      done: ({ user }) => {
        onSaved(user);
        void showNotify(MESSAGES.profileSaved);
      },
      failure: MESSAGES.profileSaveError,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAccountSchemas}
      className="space-y-6"
      aria-label="Your profile"
      data-testid="profile-form"
    >
      <AvatarField
        name={values.name}
        currentSrc={savedImage}
        file={file}
        onFile={chooseFile}
        progress={progress}
      />
      <TextField {...fieldProps('name')} label="Name" autoComplete="name" required />
      <TextAreaField
        {...fieldProps('bio')}
        label="Bio"
        rows={4}
        hint={
          <span
            data-testid="bio-counter"
            className={values.bio.length > BIO_MAX ? 'font-semibold text-red-700' : undefined}
          >
            {bioCounter(values.bio)}
          </span>
        }
      />
      <TextField
        {...fieldProps('link')}
        label="Link"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={LINK_MAX}
        hint="Your website, shop or social profile."
      />
      <TagInput
        id="profile-tags"
        label="Interests"
        value={tags}
        onChange={setTags}
        rules={{ max: TAGS_MAX, maxLength: TAG_MAX }}
        error={errors._tags}
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId="profile-save">
        Save profile
      </SubmitButton>
    </form>
  );
}
