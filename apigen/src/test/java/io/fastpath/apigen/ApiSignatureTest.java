package io.fastpath.apigen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The API text: what counts as API, and how a change shows. */
class ApiSignatureTest {

    /** Not API: package-private. */
    interface PackagePrivate {}

    @Test
    void publicTypesAndMembersWithTheirGenericSignaturesAreListedAndNothingElse() {
        String api = ApiSignature.render(List.of(ApiSample.class, PackagePrivate.class));

        assertThat(api).isEqualTo("""
                public interface io.fastpath.apigen.ApiSample<K> extends java.util.function.Supplier<K>
                  public default K orElse(K) throws java.lang.IllegalStateException
                  public static <T extends java.lang.Comparable<T>> java.util.List<T> sorted(T...)
                """);
    }

    @Test
    void aDiffShowsAddedAndRemovedMembersUnderTheirType() {
        String before = "public final class a.B\n  public void kept()\n  public void removed()\n";
        String after = "public final class a.B\n  public void added()\n  public void kept()\n";

        assertThat(LineDiff.of(before, after)).isEqualTo(
                "- public final class a.B :: public void removed()\n+ public final class a.B :: public void added()\n");
    }
}
