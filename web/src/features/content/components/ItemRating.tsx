import { useI18n } from '../../../lib/i18n';
import { useBatchAction, type ContentItem, type ItemRating as Rating } from '../api/content';

/** Like / dislike of one item: the server's state; pressing the active one takes it back (null). */
export function ItemRating({ item }: { item: ContentItem }) {
  const { t } = useI18n();
  const action = useBatchAction();
  const rate = (r: Rating) => action.mutate({ kind: 'rate', itemId: item.id, rating: item.rating === r ? null : r });
  return (
    <span className="content-rating">
      {(['like', 'dislike'] as const).map((r) => (
        <button
          key={r}
          type="button"
          className={item.rating === r ? 'button small rating-button active' : 'button small rating-button'}
          aria-pressed={item.rating === r}
          data-testid={`content-item-${r}`}
          disabled={action.isPending}
          onClick={() => rate(r)}
        >
          {t(r === 'like' ? 'content.item.like' : 'content.item.dislike')}
        </button>
      ))}
    </span>
  );
}
