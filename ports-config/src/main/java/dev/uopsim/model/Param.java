package dev.uopsim.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Documents one parameter of the model schema, on the record component that holds it: what it
 * means and its one default. The loader, {@code --set}, {@code models schema} and the docs all
 * read this annotation, so a parameter is declared in exactly one place.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Param {
    /** What the parameter means, with its unit. */
    String value();

    /**
     * The default as JSON text ({@code "4"}, {@code "true"}, {@code "\"wait\""}, {@code "[]"},
     * {@code "{}"}); empty = required. {@link #OPTIONAL} = may be absent (null).
     */
    String def() default "";

    /** Smallest value a number may take. */
    double min() default 0;

    String OPTIONAL = "null";
}
